import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { apiKeyList, createdApiKey, type CreateApiKeyBody } from '@formularze/domain/schemas/api-keys';

export const apiKeysQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['api-keys'],
    queryFn: async () => apiKeyList.parse((await client.get('/employees/v1/tokens')).data).tokens,
  });

/** A key valid until `expires`, or for a year when it is omitted (the server's default). */
export async function createApiKey(client: ApiClient, body: CreateApiKeyBody) {
  return createdApiKey.parse((await client.post('/employees/v1/tokens', body)).data);
}

export async function deleteApiKey(client: ApiClient, tokenId: number): Promise<void> {
  await client.delete('/employees/v1/tokens', { params: { tokenId } });
}
