import type { UploadedFile } from '@formularze/domain/schemas/uploads';

/**
 * A file of a FILE or SIGN field while the form is open. Chosen files stay in the browser until the
 * form is submitted or saved: they are uploaded then, one by one (§4 "Saving and submitting"), so
 * a patient who cancels leaves nothing behind on the server.
 */
export type AttachedFile =
  | { key: string; status: 'uploaded'; uploaded: UploadedFile }
  | {
      key: string;
      status: 'pending' | 'uploading' | 'failed';
      file: File;
      /** 0..1 while uploading. */
      progress: number;
    };

export const attachedFileName = (attached: AttachedFile) =>
  attached.status === 'uploaded' ? attached.uploaded.name : attached.file.name;
