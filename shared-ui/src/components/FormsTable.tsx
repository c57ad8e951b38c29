import { makeStyles, TableCell, TableRow, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import {
  FORM_STATUS_LABELS,
  type FormListItem,
  type FormListSortKey,
} from '@formularze/domain/schemas/forms';
import type { Paged, SortBy } from '@formularze/domain/schemas/paging';
import { PagedTable, pagedListTexts, type PagedQuery } from './PagedTable';
import type { SortedPaging } from './useSortedPaging';

const COLUMNS: readonly { label: string; sortKey: FormListSortKey }[] = [
  { label: 'Nazwa', sortKey: 'name' },
  { label: 'Projekt', sortKey: 'projectName' },
  { label: 'Status', sortKey: 'status' },
  { label: 'Użytkownicy', sortKey: 'userCount' },
  { label: 'Odpowiedzi', sortKey: 'answerCount' },
];
const WITH_OPTIONS: readonly { label: string; sortKey?: FormListSortKey }[] = [
  ...COLUMNS,
  { label: 'Opcje' },
];

const useStyles = makeStyles({ table: { marginBlock: tokens.spacingVerticalM } });

export interface FormsTableProps {
  page: Paged<FormListItem> | undefined;
  query: PagedQuery;
  list: SortedPaging<SortBy<FormListSortKey>>;
  /** What the name cell shows, e.g. a link to the form's results; the name alone without it. */
  renderName?(form: FormListItem): ReactNode;
  /** A last column, 'Opcje', with what can be done with each form. */
  renderOptions?(form: FormListItem): ReactNode;
}

/** The organization's forms as the form list and the filled forms list show them, sorted and paged. */
export function FormsTable({ page, query, list, renderName, renderOptions }: FormsTableProps) {
  const styles = useStyles();
  return (
    <PagedTable
      page={page}
      query={query}
      label="Formularze"
      columns={renderOptions ? WITH_OPTIONS : COLUMNS}
      list={list}
      texts={pagedListTexts('formularzy')}
      className={styles.table}
      renderRow={(form) => (
        <TableRow key={form.id}>
          <TableCell>{renderName ? renderName(form) : form.name}</TableCell>
          <TableCell>{form.formGroup?.name ?? '—'}</TableCell>
          <TableCell>{FORM_STATUS_LABELS[form.status]}</TableCell>
          <TableCell>{form.numberOfUsers}</TableCell>
          <TableCell>{form.filledFormCount}</TableCell>
          {renderOptions && <TableCell>{renderOptions(form)}</TableCell>}
        </TableRow>
      )}
    />
  );
}
