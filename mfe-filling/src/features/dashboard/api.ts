import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { futureTermsList } from '@formularze/domain/schemas/terms';

/** `GET /api/organizations/terms/future`: terms coming into force later, and whether the person accepted each. */
export const futureTermsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['terms', 'future'],
    queryFn: async () => futureTermsList.parse((await client.get('/api/organizations/terms/future')).data),
  });
