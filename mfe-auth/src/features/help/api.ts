import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { helpMedia } from '@formularze/domain/schemas';

/** `GET /api/media`: the help files installed, so the page links only to files that exist. */
export const installedHelpFilesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['help', 'installed-files'],
    queryFn: async () => new Set(helpMedia.parse((await client.get('/api/media')).data).files),
  });
