import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog, FormsTable, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import type { FormListItem, FormListSortKey } from '@formularze/domain/schemas/forms';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { formListFirstRowsQuery, formListQuery, myOpenSlotsQuery, type FormAction } from '../api';
import { useFormAction } from '../hooks/useFormAction';
import { useProjectAction } from '../hooks/useProjectAction';
import { FormAccessDialog } from './FormAccessDialog';
import { FormActionsMenu } from './FormActionsMenu';
import { FormProjectDialog } from './FormProjectDialog';
import { FhirImportDialog } from './FhirImportDialog';
import { useFhirExport } from '../hooks/useFhirExport';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
});

/** `/forms`: the organization's forms, sortable and paged, with their options. */
export function FormListPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const list = useSortedPaging<SortBy<FormListSortKey>>('forms', person?.id, 'name');
  const [toRemove, setToRemove] = useState<FormListItem | null>(null);
  const [accessOf, setAccessOf] = useState<FormListItem | null>(null);
  const [projectDialog, setProjectDialog] = useState<{ form: FormListItem; kind: 'copy' | 'move' } | null>(
    null,
  );
  const [toDetach, setToDetach] = useState<FormListItem | null>(null);
  const [importing, setImporting] = useState(false);
  const exportFhir = useFhirExport();
  const listParams = { ...list.pageParams, sortBy: list.sort };
  const forms = useQuery(formListQuery(client, listParams));
  const firstRows = useQuery(formListFirstRowsQuery(client, listParams));
  const canFill = shell.permissions.has('form-fill:page');
  const openSlots = useQuery({ ...myOpenSlotsQuery(client), enabled: canFill });
  const openSlotOf = (form: FormListItem) =>
    openSlots.data?.content.find((slot) => slot.form.id === form.id && slot.readyToFill)?.id;
  const action = useFormAction();
  const detach = useProjectAction();
  // §2: only owners are offered a new form, even editors whose organization lets them manage forms.
  const isOwner = person?.authorities.includes('ROLE_OWNER') ?? false;

  useEffect(() => shell.page.setTitle('Formularze'), [shell]);

  const onAction = (form: FormListItem, chosen: FormAction) => {
    if (chosen === 'remove') setToRemove(form);
    else action.mutate({ form, action: chosen });
  };

  // The whole page once it is there; until then its first half when that came first.
  const page =
    (forms.isPlaceholderData || !forms.data) && firstRows.data && !firstRows.isPlaceholderData
      ? firstRows.data
      : forms.data;
  return (
    <section>
      <div className={styles.header}>
        <Title2 as="h2" className={styles.grow}>
          Formularze
        </Title2>
        {isOwner && (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formAdd))}
          >
            Nowy formularz
          </Button>
        )}
        {isOwner && <Button onClick={() => setImporting(true)}>Importuj z FHIR</Button>}
      </div>

      <FormsTable
        page={page}
        query={forms}
        list={list}
        renderOptions={(form) => (
          <FormActionsMenu
            form={form}
            openSlotId={openSlotOf(form)}
            busy={action.isPending}
            onAction={(chosen) => onAction(form, chosen)}
            onManageAccess={() => setAccessOf(form)}
            onExportFhir={() => void exportFhir(form)}
            onProjectAction={(kind) =>
              kind === 'detach' ? setToDetach(form) : setProjectDialog({ form, kind })
            }
          />
        )}
      />

      {accessOf && <FormAccessDialog form={accessOf} onClose={() => setAccessOf(null)} />}
      {importing && (
        <FhirImportDialog onClose={() => setImporting(false)} onImported={() => void forms.refetch()} />
      )}
      {projectDialog && (
        <FormProjectDialog
          form={projectDialog.form}
          kind={projectDialog.kind}
          onClose={() => setProjectDialog(null)}
        />
      )}
      <ConfirmDialog
        open={toDetach !== null}
        title="Usunąć formularz z projektu?"
        confirmLabel="Usuń z projektu"
        busy={detach.isPending}
        onCancel={() => setToDetach(null)}
        onConfirm={() => {
          if (toDetach?.formGroup) {
            detach.mutate({ form: toDetach, action: { kind: 'detach', project: toDetach.formGroup } });
          }
          setToDetach(null);
        }}
      >
        Formularz {toDetach?.name} nie będzie należał do projektu {toDetach?.formGroup?.name}. Bez projektu
        nie można go aktywować.
      </ConfirmDialog>
      <ConfirmDialog
        open={toRemove !== null}
        title="Usunąć formularz?"
        confirmLabel="Usuń"
        busy={action.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) action.mutate({ form: toRemove, action: 'remove' });
          setToRemove(null);
        }}
      >
        Formularz {toRemove?.name} zniknie z listy. Wypełnione już dane pozostaną w wynikach.
      </ConfirmDialog>
    </section>
  );
}
