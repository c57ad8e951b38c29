import { Button, Field, Select, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionsDialog, ErrorPanel } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import { SAME_PROJECT_MESSAGE } from '@formularze/domain/schemas/projects';
import { projectListQuery } from '../api';
import { useProjectAction } from '../hooks/useProjectAction';

export interface FormProjectDialogProps {
  form: FormListItem;
  kind: 'copy' | 'move';
  onClose(): void;
}

const TEXTS = {
  copy: { title: 'Kopiuj formularz do projektu', confirm: 'Kopiuj' },
  move: { title: 'Przenieś formularz do projektu', confirm: 'Przenieś' },
} as const;

/**
 * The modal "copy or move form to a project" (§2): a project picker in which the form's current
 * project cannot be chosen (§5: the project must differ), confirmed only once another one is.
 */
export function FormProjectDialog({ form, kind, onClose }: FormProjectDialogProps) {
  const client = useApiClient();
  const projects = useQuery(projectListQuery(client));
  const action = useProjectAction({ onDone: onClose });
  const [chosenId, setChosenId] = useState('');
  const currentId = form.formGroup?.id;
  const chosen = projects.data?.find((project) => String(project.id) === chosenId);
  const others = projects.data?.filter((project) => project.id !== currentId) ?? [];
  const texts = TEXTS[kind];

  return (
    <ActionsDialog
      open
      title={texts.title}
      onDismiss={onClose}
      actions={
        <>
          <Button
            appearance="primary"
            disabled={!chosen || chosen.id === currentId || action.isPending}
            onClick={() => chosen && action.mutate({ form, action: { kind, project: chosen } })}
          >
            {texts.confirm}
          </Button>
          <Button onClick={onClose}>Anuluj</Button>
        </>
      }
    >
      <p>
        Formularz: {form.name}
        <br />
        Obecny projekt: {form.formGroup?.name ?? 'brak'}
      </p>
      {projects.isPending && <Spinner label="Wczytywanie projektów" />}
      {projects.isError && (
        <ErrorPanel
          title="Nie udało się pobrać projektów"
          message="Spróbuj ponownie później."
          onRetry={() => void projects.refetch()}
        />
      )}
      {projects.data && others.length === 0 && <p>Brak innych projektów</p>}
      {projects.data && others.length > 0 && (
        <Field label="Projekt docelowy" hint={SAME_PROJECT_MESSAGE}>
          <Select value={chosenId} onChange={(_event, data) => setChosenId(data.value)}>
            <option value="">Wybierz projekt</option>
            {projects.data.map((project) => (
              <option key={project.id} value={project.id} disabled={project.id === currentId}>
                {project.id === currentId ? `${project.name} (obecny)` : project.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </ActionsDialog>
  );
}
