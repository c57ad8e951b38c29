/** Filled forms: metadata, saving (once per idempotency key), reading and deleting drafts. */
export { filledDataRoutes as filledDataPlugin } from './filled-data-routes';
export { UploadStorage } from './upload-storage';
