import { TableCell, TableRow } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadedTable, loadingTexts, Pagination } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import { operationLabel } from '@formularze/domain/schemas/access-audit';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { memberRoleOf, ROLE_LABELS } from '@formularze/domain/schemas/members';
import { myDataViewersQuery } from '../api';

export const MY_DATA_VIEWERS_TITLE = 'Kto przeglądał moje dane';
const COLUMNS = ['Kiedy', 'Kto', 'Rola', 'Co'];
const PAGE_SIZES = [20, 50, 100] as const;

/** The profile's tab: who at the organization read or changed the patient's data (ADR 415). */
export function MyDataViewers() {
  const client = useApiClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const views = useQuery({
    ...myDataViewersQuery(client, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

  return (
    <LoadedTable
      query={views}
      rows={views.data?.content}
      empty={views.data?.totalElements === 0}
      label={MY_DATA_VIEWERS_TITLE}
      columns={COLUMNS}
      texts={{
        ...loadingTexts('listy'),
        empty: 'Nikt z organizacji nie przeglądał jeszcze Twoich danych.',
      }}
      busy={views.isFetching}
      renderRow={(view, index) => (
        <TableRow key={`${view.occurredAt}-${index}`}>
          <TableCell>{formatDateTime(view.occurredAt)}</TableCell>
          <TableCell>{view.viewer.name ?? `Konto ${view.viewer.id}`}</TableCell>
          <TableCell>{view.viewer.role ? ROLE_LABELS[memberRoleOf(view.viewer.role)] : '—'}</TableCell>
          <TableCell>{operationLabel(view.operation)}</TableCell>
        </TableRow>
      )}
    >
      <Pagination
        page={page}
        pageSize={pageSize}
        totalElements={views.data?.totalElements ?? 0}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        label="Strony listy"
      />
    </LoadedTable>
  );
}
