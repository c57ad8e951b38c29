import { MenuItem } from '@fluentui/react-components';
import { RowActionsMenu } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, FORMS_BUILDER_ROUTES, pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { scheduleFillMode, type FormListItem } from '@formularze/domain/schemas/forms';
import type { FormAction } from '../api';

export interface FormActionsMenuProps {
  form: FormListItem;
  /** The viewer's own window of this form open now, when it is scheduled and they may fill it. */
  openSlotId?: number;
  busy: boolean;
  onAction(action: FormAction): void;
  onManageAccess(): void;
  /** Saves the form's edition as a FHIR R4 Questionnaire (JSON). */
  onExportFhir(): void;
  /** Opens the project picker (copy, move) or the confirmation of removal from the project. */
  onProjectAction(kind: 'copy' | 'move' | 'detach'): void;
}

const PAUSE_FIRST = 'najpierw wstrzymaj';

/** An option an active form must be paused for (§4): disabled while it is active, saying so. */
const untilPaused = (active: boolean) => ({
  disabled: active,
  secondaryContent: active ? PAUSE_FIRST : undefined,
});

/** The row's options, each only with its permission (§6); an active form must be paused before it changes (§4). */
export function FormActionsMenu({
  form,
  openSlotId,
  busy,
  onAction,
  onManageAccess,
  onExportFhir,
  onProjectAction,
}: FormActionsMenuProps) {
  const shell = useShell();
  const can = (key: Parameters<typeof shell.permissions.has>[0]) => shell.permissions.has(key);
  const active = form.status === 'ACTIVE';
  const activatable = form.status === 'DRAFT' || form.status === 'PAUSED';

  return (
    <RowActionsMenu label={`Opcje formularza ${form.name}`}>
      {active && can('form-fill:page') && openSlotId !== undefined && (
        <MenuItem
          onClick={() =>
            shell.navigate(
              pathTo(FILLING_ROUTES.fillScheduled, { formId: form.id, scheduledFormId: openSlotId }),
            )
          }
        >
          Wypełnij
        </MenuItem>
      )}
      {active && can('form-fill:page') && scheduleFillMode(form.schedule) === 'without' && (
        <MenuItem onClick={() => shell.navigate(pathTo(FILLING_ROUTES.fillNew, { formId: form.id }))}>
          Wypełnij
        </MenuItem>
      )}
      {can('form-editor-page:view') && (
        <MenuItem onClick={() => shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formSchedule, { id: form.id }))}>
          Harmonogram
        </MenuItem>
      )}
      {can('form:edit') && (
        <MenuItem
          {...untilPaused(active)}
          onClick={() => shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formEdit, { formId: form.id }))}
        >
          Edytuj
        </MenuItem>
      )}
      {can('form-editor-page:view') && (
        <MenuItem
          onClick={() => shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formDisplay, { formId: form.id }))}
        >
          Podgląd
        </MenuItem>
      )}
      {can('forms:fetch') && <MenuItem onClick={onExportFhir}>Eksportuj jako FHIR</MenuItem>}
      {can('filled-forms-page:view') && (
        <MenuItem onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.filledData, { formId: form.id }))}>
          Wypełnione dane
        </MenuItem>
      )}
      {can('form:activate') && <MenuItem onClick={onManageAccess}>Dostęp użytkowników</MenuItem>}
      {activatable && can('form:activate') && (
        <MenuItem disabled={busy} onClick={() => onAction('activate')}>
          Aktywuj
        </MenuItem>
      )}
      {active && can('form:deactivate') && (
        <MenuItem disabled={busy} onClick={() => onAction('deactivate')}>
          Wstrzymaj
        </MenuItem>
      )}
      {can('form:duplicate') && (
        <MenuItem disabled={busy} onClick={() => onAction('duplicate')}>
          Duplikuj
        </MenuItem>
      )}
      {can('form:add-to-project') && (
        <>
          {/* A copy leaves the form where it is, so an active form may be copied (like Duplikuj). */}
          <MenuItem onClick={() => onProjectAction('copy')}>Kopiuj do projektu</MenuItem>
          <MenuItem {...untilPaused(active)} onClick={() => onProjectAction('move')}>
            Przenieś do projektu
          </MenuItem>
          {form.formGroup && (
            <MenuItem {...untilPaused(active)} onClick={() => onProjectAction('detach')}>
              Usuń z projektu
            </MenuItem>
          )}
        </>
      )}
      {can('form:remove') && (
        <MenuItem {...untilPaused(active)} disabled={busy || active} onClick={() => onAction('remove')}>
          Usuń
        </MenuItem>
      )}
    </RowActionsMenu>
  );
}
