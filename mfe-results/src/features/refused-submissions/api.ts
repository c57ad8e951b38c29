import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { refusedSubmissionList } from '@formularze/domain/schemas/filled-data';

/**
 * `GET /api/form_data/refused_submissions/{formId}`: submissions sent from patients' devices after
 * the connection came back that the server refused, of every edition of the form, one person's
 * with `personId`.
 */
export const refusedSubmissionsQuery = (client: ApiClient, formId: number, personId: number | undefined) =>
  queryOptions({
    queryKey: ['results', 'refused-submissions', formId, personId ?? null],
    queryFn: async () =>
      refusedSubmissionList.parse(
        (
          await client.get(`/api/form_data/refused_submissions/${formId}`, {
            params: personId === undefined ? undefined : { personId },
          })
        ).data,
      ),
  });
