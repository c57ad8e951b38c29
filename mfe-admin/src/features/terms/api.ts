import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { managedTerms, managedTermsList, type ManagedTerms } from '@formularze/domain/schemas/terms';

export const organizationTermsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['terms', 'organization'],
    queryFn: async () => managedTermsList.parse((await client.get('/api/organizations/terms')).data),
  });

export interface NewTerms {
  name: string;
  /** YYYY-MM-DD, a day in Poland. */
  activeSince: string;
  file: File;
}

/** `POST /api/organizations/terms` (multipart: `termFile`, `name`, `activeSince`, `active`). */
export async function addTerms(
  client: ApiClient,
  { name, activeSince, file }: NewTerms,
): Promise<ManagedTerms> {
  const form = new FormData();
  form.append('name', name);
  form.append('activeSince', activeSince);
  form.append('active', 'true');
  form.append('termFile', file);
  return managedTerms.parse((await client.post('/api/organizations/terms', form)).data);
}

export async function removeTerms(client: ApiClient, termsId: number): Promise<void> {
  await client.delete(`/api/organizations/terms/${termsId}`);
}
