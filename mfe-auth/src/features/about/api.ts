import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { apiVersion, remoteRegistry } from '@formularze/domain/schemas';

export const apiVersionQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['about', 'api-version'],
    queryFn: async () => apiVersion.parse((await client.get('/api/version')).data).version,
  });

/** `GET /api/remotes`: the version of each area active on the server. */
export const remoteRegistryQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['about', 'remotes'],
    queryFn: async () => remoteRegistry.parse((await client.get('/api/remotes')).data),
  });
