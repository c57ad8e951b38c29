import { apiErrorOf } from 'shared-ui/api-client';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  CANNOT_DRAFT_SENT_FORM_MESSAGE,
  DATA_NOT_EDITABLE_ANYMORE_MESSAGE,
  DATA_NOT_EDITABLE_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  invalidAnswersMessage,
  SCHEDULED_FORM_EXPIRED_EDIT_MESSAGE,
  SCHEDULED_FORM_EXPIRED_MESSAGE,
  type FilledForm,
  type FilledFormState,
} from '@formularze/domain/schemas/filled-data';
import {
  FILE_TYPE_NOT_ALLOWED_CODE,
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
  refusedFileIds,
  TOO_MANY_FILES_CODE,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
} from '@formularze/domain/schemas/uploads';

/**
 * Saving a filling (§4 "Saving and submitting", §8 "Form save"): check → upload the files not yet
 * uploaded, one by one → the form metadata record → create or update the form data. The steps are
 * passed in, so the order, the stops and the error mapping are tested without a page or a server.
 */

export const SHORT_ALERT_MS = 3000;
export const LONG_ALERT_MS = 7000;

export interface SaveSteps {
  /** Marks the fields that stop the save: wrong answers, or (submitting) required ones left blank. */
  check(draft: boolean): 'ok' | 'missing' | 'invalid';
  uploadFiles(): Promise<
    { ok: true; filesDataUUID: Record<string, string[]> } | { ok: false; unanswered: boolean }
  >;
  createMetadata(): Promise<number>;
  /** POST (a new filling) or PUT (`editedId` given) with `?draft=`. */
  save(request: {
    draft: boolean;
    formMetadataId: number;
    filesDataUUID: Record<string, string[]>;
  }): Promise<FilledForm>;
}

export interface SaveContext {
  draft: boolean;
  /** The form data being edited; null when filling anew. */
  editedId: number | null;
  /** Its state when editing. */
  editedState: FilledFormState | null;
  /** The browser knows it has no connection: a submission is not tried but queued (issue 30). */
  offline?: boolean;
}

/** What the page does after a failed save. */
export interface SaveFailure {
  message: string;
  timeoutMs?: number;
  /** Leave the page (the form can no longer be saved). */
  redirectTo?: string;
  /** Field-level messages from a refused payload, by payload path (`data.<id>`...). */
  fields?: Record<string, string>;
  /** Uploaded file ids the server refused. */
  badFileIds?: string[];
  /** No answer came: the connection failed, not the server (a submission is then queued, issue 30). */
  unanswered?: boolean;
}

export type SaveResult =
  { ok: true; savedId: number; saved: FilledForm | null } | { ok: false; failure: SaveFailure };

const MISSING_RESOURCE_MESSAGE = 'HTTP 404 Not Found';

const hasResponse = (error: unknown) => Boolean((error as { response?: unknown } | null)?.response);

/** §8: what a refused save shows, by the error's code. */
export function saveFailureOf(error: unknown, context: SaveContext): SaveFailure {
  const body = apiErrorOf(error);
  if (!body) return { message: 'Nie udało się zapisać formularza', unanswered: !hasResponse(error) };
  if (body.message.startsWith(FILE_TYPE_NOT_ALLOWED_CODE) || body.code === FILE_TYPE_NOT_ALLOWED_CODE) {
    return { message: FILE_TYPE_NOT_ALLOWED_MESSAGE, badFileIds: refusedFileIds(body.message) };
  }
  switch (body.code) {
    case TOO_MANY_FILES_CODE:
      return { message: TOO_MANY_FILES_MESSAGE, timeoutMs: SHORT_ALERT_MS };
    case 'scheduled-form-is-expired':
      return {
        message:
          context.editedId !== null && context.editedState !== 'SAVED'
            ? SCHEDULED_FORM_EXPIRED_EDIT_MESSAGE
            : SCHEDULED_FORM_EXPIRED_MESSAGE,
        timeoutMs: LONG_ALERT_MS,
        redirectTo: pathTo(FILLING_ROUTES.activeForms),
      };
    case 'data-not-editable':
      return { message: DATA_NOT_EDITABLE_MESSAGE };
    case 'data-not-editable-anymore':
      return { message: DATA_NOT_EDITABLE_ANYMORE_MESSAGE };
    case 'cannot-save-already-sent-form':
      return { message: CANNOT_DRAFT_SENT_FORM_MESSAGE };
    case 'validation':
      return { message: body.message, fields: body.fields ?? {} };
    default:
      return { message: body.message };
  }
}

/** §4: an update answered 500 'HTTP 404 Not Found' is not raised as an error. */
function isSoftUpdateFailure(error: unknown, context: SaveContext): boolean {
  const body = apiErrorOf(error);
  return context.editedId !== null && body?.statusCode === 500 && body.message === MISSING_RESOURCE_MESSAGE;
}

export async function runSave(steps: SaveSteps, context: SaveContext): Promise<SaveResult> {
  const checked = steps.check(context.draft);
  if (checked !== 'ok') {
    return {
      ok: false,
      failure: { message: checked === 'missing' ? FILL_ALL_REQUIRED_MESSAGE : invalidAnswersMessage },
    };
  }
  if (context.offline && !context.draft) {
    return { ok: false, failure: { message: 'Brak połączenia z internetem', unanswered: true } };
  }
  const uploads = await steps.uploadFiles();
  if (!uploads.ok) {
    return { ok: false, failure: { message: UPLOAD_FAILED_MESSAGE, unanswered: uploads.unanswered } };
  }
  try {
    const formMetadataId = await steps.createMetadata();
    const saved = await steps.save({
      draft: context.draft,
      formMetadataId,
      filesDataUUID: uploads.filesDataUUID,
    });
    return { ok: true, savedId: saved.id, saved };
  } catch (error) {
    if (isSoftUpdateFailure(error, context)) return { ok: true, savedId: context.editedId!, saved: null };
    return { ok: false, failure: saveFailureOf(error, context) };
  }
}
