import type { FormStatus } from '@formularze/domain/schemas/forms';
import { TEMPLATE_EMPTY_MESSAGE } from '@formularze/domain/schemas/forms';
import { AppError } from '../core/errors';

/**
 * What may happen to a form in each status (§4 "Form statuses"): the server's rules, whatever the
 * page offers. DRAFT and PAUSED forms are edited, activated, moved and deleted; an ACTIVE form is
 * only paused (or duplicated) until it is paused; SENT and ARCHIVE forms (no call leads there yet)
 * are read-only apart from deletion; older editions are history. Who fills a form may change in
 * any status of a current edition.
 */
export type FormAction =
  'edit' | 'remove' | 'activate' | 'deactivate' | 'duplicate' | 'change-project' | 'assign-users';

export interface FormState {
  status: FormStatus;
  /** Whether the form belongs to a live project. */
  hasProject: boolean;
  /** Whether the template has nothing to fill (`isTemplateEmpty`). */
  templateEmpty: boolean;
}

export const formNotFound = () => new AppError(404, 'Nie znaleziono formularza', 'form-not-found');
export const scheduledFormNotFound = () =>
  new AppError(404, 'Nie znaleziono zaplanowanego formularza', 'scheduled-form-not-found');

const activeFormLocked = () =>
  new AppError(
    409,
    'Aktywnego formularza nie można edytować, usuwać ani przenosić - najpierw go wstrzymaj',
    'form-is-active',
  );
const previousEdition = () =>
  new AppError(
    409,
    'To jest poprzednia wersja formularza - zmienić można tylko bieżącą',
    'form-is-previous-version',
  );
const notEditable = () => new AppError(409, 'Tego formularza nie można edytować', 'form-not-editable');
const notActivatable = (status: FormStatus) =>
  status === 'ACTIVE'
    ? new AppError(409, 'Formularz jest już aktywny', 'form-already-active')
    : new AppError(409, 'Tego formularza nie można aktywować', 'form-not-activatable');
const notActive = () => new AppError(409, 'Wstrzymać można tylko aktywny formularz', 'form-not-active');
const withoutProject = () =>
  new AppError(400, 'Błąd aktywacji formularza - formularz nie należy do projektu', 'form-without-project');
const emptyTemplate = () => new AppError(400, TEMPLATE_EMPTY_MESSAGE, 'template-is-empty');

/** Throws the refusal of `action` on a form in `form`'s state; returns when it is allowed. */
export function assertFormAction(action: FormAction, form: FormState): void {
  const { status } = form;
  if (status === 'DELETED') throw formNotFound();
  if (action === 'duplicate') return;
  if (status === 'PREVIOUS_VERSION') throw previousEdition();
  switch (action) {
    case 'assign-users':
      return;
    case 'edit':
      if (status === 'ACTIVE') throw activeFormLocked();
      if (status !== 'DRAFT' && status !== 'PAUSED') throw notEditable();
      return;
    case 'remove':
    case 'change-project':
      if (status === 'ACTIVE') throw activeFormLocked();
      return;
    case 'deactivate':
      if (status !== 'ACTIVE') throw notActive();
      return;
    case 'activate':
      if (status !== 'DRAFT' && status !== 'PAUSED') throw notActivatable(status);
      if (!form.hasProject) throw withoutProject();
      if (form.templateEmpty) throw emptyTemplate();
      return;
  }
}

/** The status a form has after an allowed `action`. */
export function statusAfter(action: FormAction, status: FormStatus): FormStatus {
  switch (action) {
    case 'activate':
      return 'ACTIVE';
    case 'deactivate':
      return 'PAUSED';
    case 'remove':
      return 'DELETED';
    default:
      return status;
  }
}
