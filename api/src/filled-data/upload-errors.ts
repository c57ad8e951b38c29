import { FILES_NOT_AVAILABLE_MESSAGE } from '@formularze/domain/schemas/filled-data';
import {
  FILE_TOO_LARGE_CODE,
  FILE_TYPE_NOT_ALLOWED_CODE,
  fileTypeNotAllowedMessage,
  TOO_MANY_FILES_CODE,
  TOO_MANY_FILES_MESSAGE,
} from '@formularze/domain/schemas/uploads';
import { AppError } from '../core/errors';

/** The refusals of uploads and of the files named by a save; the codes are §8's where it names one. */
export const notMultipart = () =>
  new AppError(400, 'Oczekiwano formularza multipart/form-data', 'not-multipart');
export const fileMissing = () => new AppError(400, 'Nie wybrano pliku', 'file-missing');
export const fileEmpty = () => new AppError(400, 'Plik jest pusty', 'file-empty');
export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    `Plik jest za duży (najwyżej ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB)`,
    FILE_TOO_LARGE_CODE,
  );
/** An upload of a type the field does not take: the filling page shows its own message. */
export const uploadTypeNotAllowed = () =>
  new AppError(400, FILE_TYPE_NOT_ALLOWED_CODE, FILE_TYPE_NOT_ALLOWED_CODE);
/** A save naming files of a type their field does not take: the message names them. */
export const savedTypeNotAllowed = (ids: readonly string[]) =>
  new AppError(400, fileTypeNotAllowedMessage(ids), FILE_TYPE_NOT_ALLOWED_CODE);
export const tooManyFiles = () => new AppError(400, TOO_MANY_FILES_MESSAGE, TOO_MANY_FILES_CODE);
/** A save naming a file that is not the caller's upload (nor already this form's). */
export const namedFileNotFound = () =>
  new AppError(400, FILES_NOT_AVAILABLE_MESSAGE, 'uploaded-file-not-found');
export const fileNotFound = () => new AppError(404, 'Nie znaleziono pliku', 'file-not-found');
