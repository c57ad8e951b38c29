import type { NewSubmission, QueuedFile } from 'shared-ui/send-queue';

/** A photo attached to a submission and not uploaded yet. */
export const aPhotoToUpload = (): QueuedFile => ({
  name: 'wysypka.png',
  blob: new Blob(['PNG…'], { type: 'image/png' }),
  uploadedId: null,
  uploadKey: '5b1f0c3e-2d4a-4c6b-8e9f-0a1b2c3d4e5f',
});

/**
 * A pain survey (form 5) that account 7 sends anew, with one answer and a photo to upload; fields
 * can be overridden.
 */
export const aNewSubmission = (overrides: Partial<NewSubmission> = {}): NewSubmission => ({
  idempotencyKey: 'b0c5d0c4-3d0e-4c1a-9a57-1d4c1d8d1e01',
  accountId: 7,
  formId: 5,
  formName: 'Ankieta bólu',
  formDataId: null,
  formMetadataId: null,
  answers: { formId: 5, scheduledFormId: null, data: { imie: 'Maria' } },
  files: { zdjecie: [aPhotoToUpload()] },
  texts: [{ label: 'Imię', answer: 'Maria' }],
  ...overrides,
});
