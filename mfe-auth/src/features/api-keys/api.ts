import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { apiKeyExpiry, apiKeyList, createdApiKey } from 'shared-ui/schemas/api-keys';

export const apiKeysQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['api-keys'],
    queryFn: async () => apiKeyList.parse((await client.get('/employees/v1/tokens')).data).tokens,
  });

/** A key valid for 100 years from now (the specification's validity, chosen by the client). */
export async function createApiKey(client: ApiClient, label: string) {
  return createdApiKey.parse(
    (await client.post('/employees/v1/tokens', { label, expires: apiKeyExpiry() })).data,
  );
}

export async function deleteApiKey(client: ApiClient, tokenId: number): Promise<void> {
  await client.delete('/employees/v1/tokens', { params: { tokenId } });
}
