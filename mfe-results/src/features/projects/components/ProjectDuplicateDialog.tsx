import { Button } from '@fluentui/react-components';
import { ActionsDialog } from 'shared-ui/components';
import { PROJECT_COPY_SUFFIX, type Project } from '@formularze/domain/schemas/projects';

export interface ProjectDuplicateDialogProps {
  project: Project | null;
  busy: boolean;
  onDuplicate(withUsers: boolean): void;
  onCancel(): void;
}

/** Asks whether the copy of a project takes its members too (§2); forms are never copied. */
export function ProjectDuplicateDialog({
  project,
  busy,
  onDuplicate,
  onCancel,
}: ProjectDuplicateDialogProps) {
  return (
    <ActionsDialog
      open={project !== null}
      title="Duplikować projekt?"
      onDismiss={onCancel}
      actions={
        <>
          <Button appearance="primary" disabled={busy} onClick={() => onDuplicate(true)}>
            Duplikuj z użytkownikami
          </Button>
          <Button disabled={busy} onClick={() => onDuplicate(false)}>
            Duplikuj bez użytkowników
          </Button>
          <Button onClick={onCancel}>Anuluj</Button>
        </>
      }
    >
      {`Powstanie projekt ${project?.name ?? ''}${PROJECT_COPY_SUFFIX} z tymi samymi ustawieniami, bez formularzy. `}
      Czy skopiować również użytkowników projektu?
    </ActionsDialog>
  );
}
