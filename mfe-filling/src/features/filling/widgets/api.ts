import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { uploadFileTypeList } from '@formularze/domain/schemas/uploads';

export const uploadFileTypesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['upload-file-types'],
    queryFn: async () =>
      uploadFileTypeList.parse((await client.get('/api/form_data/upload/file_types')).data),
    // The accepted types change only with a release of the API.
    staleTime: Infinity,
  });
