/** Files of FILE and SIGN answers: uploading (once per idempotency key) and serving. */
export { uploadsRoutes as uploadsPlugin } from './uploads-routes';
