import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { filledForm } from '@formularze/domain/schemas/filled-data';
import { filledFormPath } from '@formularze/domain/schemas/record-paths';

/** `GET /api/form_data/{id}`: a filled form with its answers. */
export const filledDataQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: ['filled-data', id],
    queryFn: async () => filledForm.parse((await client.get(filledFormPath(id))).data),
    // §2: a failed load leaves the page at once; retrying would only delay it.
    retry: false,
  });
