import {
  CANNOT_DRAFT_SENT_FORM_MESSAGE,
  CANNOT_FILL_MESSAGE,
  DATA_NOT_EDITABLE_ANYMORE_MESSAGE,
  DATA_NOT_EDITABLE_MESSAGE,
  DELETE_FAILED_MESSAGE,
  IDEMPOTENCY_KEY_TAKEN_MESSAGE,
  SCHEDULED_FORM_EXPIRED_MESSAGE,
} from '@formularze/domain/schemas/filled-data';
import { AppError } from '../core/errors';

/** The refusals of filled data; the codes are §8's where it names one. */
export const filledDataNotFound = () =>
  new AppError(404, 'Nie znaleziono danych formularza', 'form-data-not-found');
export const cannotFill = () => new AppError(409, CANNOT_FILL_MESSAGE, 'form-not-fillable');
export const scheduledFormNotStarted = () =>
  new AppError(409, 'Termin wypełnienia formularza jeszcze się nie rozpoczął', 'scheduled-form-not-started');
export const scheduledFormExpired = () =>
  new AppError(409, SCHEDULED_FORM_EXPIRED_MESSAGE, 'scheduled-form-is-expired');
export const scheduledFormAlreadyFilled = () =>
  new AppError(409, 'Ten termin formularza został już wypełniony', 'scheduled-form-already-filled');
export const dataNotEditable = () => new AppError(409, DATA_NOT_EDITABLE_MESSAGE, 'data-not-editable');
export const dataNotEditableAnymore = () =>
  new AppError(409, DATA_NOT_EDITABLE_ANYMORE_MESSAGE, 'data-not-editable-anymore');
export const cannotDraftSentForm = () =>
  new AppError(409, CANNOT_DRAFT_SENT_FORM_MESSAGE, 'cannot-save-already-sent-form');
export const draftingNotAllowed = () =>
  new AppError(400, 'Ten formularz nie pozwala na zapis roboczy', 'drafting-not-allowed');
export const cannotDelete = () => new AppError(409, DELETE_FAILED_MESSAGE, 'data-not-deletable');
export const formMetadataMismatch = () =>
  new AppError(400, 'Nieprawidłowy identyfikator metadanych formularza', 'form-metadata-invalid');
export const idempotencyKeyTaken = () =>
  new AppError(409, IDEMPOTENCY_KEY_TAKEN_MESSAGE, 'idempotency-key-taken');
