import * as z from 'zod/mini';
import { FILE_TYPES } from './form-template';

/**
 * Files attached to answers (§3 "Files"; §5 "Filling" file rules; §7 `upload/file_types`,
 * `upload_file`, `serve_file`; §8 "Form save"). A FILE or SIGN field's files are uploaded one by one
 * before the form is saved; the save payload then names them in `filesDataUUID` by their ids.
 */

export const FILE_TYPE_NOT_ALLOWED_CODE = 'file-type-not-allowed';
export const TOO_MANY_FILES_CODE = 'too-many-files-sent';
export const FILE_TOO_LARGE_CODE = 'file-too-large';

export const TOO_MANY_FILES_MESSAGE = 'Przesłano zbyt wiele plików';
export const WRONG_FILE_TYPE_MESSAGE = 'Niepoprawny typ pliku';
export const FILE_TYPE_NOT_ALLOWED_MESSAGE = 'Dodano niepoprawny typ pliku';
export const UPLOAD_FAILED_MESSAGE = 'Błąd przy uploadzie plików';

/**
 * A save naming files that a field does not take is refused with this message: the code, then the
 * refused files' ids, so that the filling page can mark them (§8 "Form save").
 */
export const fileTypeNotAllowedMessage = (ids: readonly string[]) =>
  `${FILE_TYPE_NOT_ALLOWED_CODE}: ${ids.join(', ')}`;

/** The file ids a `file-type-not-allowed` message names; none for any other message. */
export function refusedFileIds(message: string): string[] {
  if (!message.startsWith(FILE_TYPE_NOT_ALLOWED_CODE)) return [];
  return message
    .slice(FILE_TYPE_NOT_ALLOWED_CODE.length)
    .replace(/^:/, '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The largest file a patient may attach; the server refuses bigger ones with `file-too-large`. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** `GET /api/form_data/upload/file_types`: what each field file type accepts. */
export const uploadFileType = z.object({
  name: z.enum(FILE_TYPES),
  /** Polish description with the extensions, shown under the upload button. */
  details: z.string(),
  /** Lower-case extensions without the dot; empty for `Any`. */
  extensions: z.array(z.string()),
});
export type UploadFileType = z.infer<typeof uploadFileType>;
export const uploadFileTypeList = z.array(uploadFileType);

/** `POST /api/form_data/upload_file` (multipart, part `file`, optional query `fileType`) answers 201 with this. */
export const uploadedFile = z.object({
  /** Opaque id (a UUID) used in `filesDataUUID` and in `serve_file/{id}`. */
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadQuery = z.object({ fileType: z.optional(z.enum(FILE_TYPES)) });
export const serveFileQuery = z.object({ download: z.optional(z.enum(['true', 'false'])) });

/** The API path a stored file is served from. */
export const serveFilePath = (id: string, download = false) =>
  `/api/form_data/serve_file/${encodeURIComponent(id)}${download ? '?download=true' : ''}`;
