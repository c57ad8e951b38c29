import type { ApiClient } from 'shared-ui/api-client';
import type { AttachedFile } from '../attached-file';
import { uploadFile } from '../../../shared/filled-data/saving';

export type UploadOutcome =
  | { ok: true; filesDataUUID: Record<string, string[]> }
  /** `unanswered`: the connection failed, not the server. */
  | { ok: false; unanswered: boolean };

/**
 * Uploads every file not yet on the server, one by one (§4 "Saving and submitting"), reporting each
 * field's files as their status and progress change. Stops at the first failure, that file marked
 * `failed` (a later save retries it). On success: every field's file ids in order, the ones uploaded
 * before included, and an empty list for a field whose files were all removed.
 */
export async function uploadPendingFiles(
  filesByField: Record<string, AttachedFile[]>,
  onUpdate: (fieldId: string, files: AttachedFile[]) => void,
  client: ApiClient,
): Promise<UploadOutcome> {
  const filesDataUUID: Record<string, string[]> = {};
  for (const [fieldId, files] of Object.entries(filesByField)) {
    let current = files;
    const replace = (next: AttachedFile) => {
      current = current.map((attached) => (attached.key === next.key ? next : attached));
      onUpdate(fieldId, current);
    };
    for (const attached of files) {
      if (attached.status === 'uploaded') continue;
      const { key, file } = attached;
      replace({ key, file, status: 'uploading', progress: 0 });
      try {
        const uploaded = await uploadFile(client, file, file.name, {
          onProgress: (progress) => replace({ key, file, status: 'uploading', progress }),
        });
        replace({ key, status: 'uploaded', uploaded });
      } catch (error) {
        replace({ key, file, status: 'failed', progress: 0 });
        return { ok: false, unanswered: !(error as { response?: unknown } | null)?.response };
      }
    }
    filesDataUUID[fieldId] = current.flatMap((attached) =>
      attached.status === 'uploaded' ? [attached.uploaded.id] : [],
    );
  }
  return { ok: true, filesDataUUID };
}
