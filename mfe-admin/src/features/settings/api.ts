import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  globalConfig,
  type GlobalConfig,
  type UpdateGlobalConfigBody,
} from '@formularze/domain/schemas/settings';

export const globalConfigQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['settings', 'global'],
    queryFn: async () => globalConfig.parse((await client.get('/api/config_global')).data),
  });

export async function saveGlobalConfig(
  client: ApiClient,
  body: UpdateGlobalConfigBody,
): Promise<GlobalConfig> {
  return globalConfig.parse((await client.put('/api/config_global/1', body)).data);
}
