import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { accessAuditPage, type AccessAuditFilter } from '@formularze/domain/schemas/access-audit';
import { filterParams } from '../../shared/log-filter';

/** The file the export saves as, as the server names it. */
export const ACCESS_LOG_CSV_FILE_NAME = 'dziennik-dostepu.csv';

export const accessLogQuery = (
  client: ApiClient,
  filter: AccessAuditFilter,
  paging: { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['access-log', filter, paging],
    queryFn: async () =>
      accessAuditPage.parse(
        (await client.get('/api/access_audit', { params: { ...filterParams(filter), ...paging } })).data,
      ),
  });

/** The filtered trail as a CSV file; the server records the export itself. */
export async function downloadAccessLog(client: ApiClient, filter: AccessAuditFilter): Promise<Blob> {
  const response = await client.get<Blob>('/api/access_audit/csv', {
    params: filterParams(filter),
    responseType: 'blob',
  });
  return response.data;
}
