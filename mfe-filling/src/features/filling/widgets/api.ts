import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { uploadedFile, uploadFileTypeList, type UploadedFile } from 'shared-ui/schemas/uploads';

export const uploadFileTypesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['upload-file-types'],
    queryFn: async () =>
      uploadFileTypeList.parse((await client.get('/api/form_data/upload/file_types')).data),
    // The accepted types change only with a release of the API.
    staleTime: Infinity,
  });

/** Uploads one file (multipart part `file`), reporting the share sent so far (0..1). */
export async function uploadFile(
  client: ApiClient,
  file: File,
  onProgress: (sent: number) => void,
): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await client.post('/api/form_data/upload_file', body, {
    onUploadProgress: ({ loaded, total }) => onProgress(total ? Math.min(loaded / total, 1) : 0),
  });
  return uploadedFile.parse(response.data);
}
