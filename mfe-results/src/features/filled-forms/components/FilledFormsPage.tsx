import { makeStyles, TableCell, TableRow, Title2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, PagedTable, pagedListTexts, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { FORM_STATUS_LABELS, type FormListSortKey } from '@formularze/domain/schemas/forms';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { filledFormsListQuery } from '../api';

const COLUMNS: readonly { label: string; sortKey: FormListSortKey }[] = [
  { label: 'Nazwa', sortKey: 'name' },
  { label: 'Projekt', sortKey: 'projectName' },
  { label: 'Status', sortKey: 'status' },
  { label: 'Użytkownicy', sortKey: 'userCount' },
  { label: 'Odpowiedzi', sortKey: 'answerCount' },
];

const useStyles = makeStyles({ table: { marginBlock: tokens.spacingVerticalM } });

/** `/filled-forms`: the organization's forms without the action column, each leading to its results. */
export function FilledFormsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const list = useSortedPaging<SortBy<FormListSortKey>>('forms', person?.id, 'name');
  const forms = useQuery(filledFormsListQuery(client, { ...list.pageParams, sortBy: list.sort }));

  useEffect(() => shell.page.setTitle('Wypełnione formularze'), [shell]);

  const page = forms.data;
  return (
    <section>
      <Title2 as="h2">Wypełnione formularze</Title2>
      <PagedTable
        page={page}
        query={forms}
        label="Formularze"
        columns={COLUMNS}
        list={list}
        texts={pagedListTexts('formularzy')}
        className={styles.table}
        renderRow={(form) => (
          <TableRow key={form.id}>
            <TableCell>
              <AppLink
                to={pathTo(RESULTS_ROUTES.filledData, { formId: form.id })}
                aria-label={`Wyniki formularza ${form.name}`}
              >
                {form.name}
              </AppLink>
            </TableCell>
            <TableCell>{form.formGroup?.name ?? '—'}</TableCell>
            <TableCell>{FORM_STATUS_LABELS[form.status]}</TableCell>
            <TableCell>{form.numberOfUsers}</TableCell>
            <TableCell>{form.filledFormCount}</TableCell>
          </TableRow>
        )}
      />
    </section>
  );
}
