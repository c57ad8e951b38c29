import { Link } from '@fluentui/react-components';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import { serveFilePath, type UploadedFile } from '@formularze/domain/schemas/uploads';
import { saveObjectUrl } from './save-file';

/*
 * Stored files are served only to a request carrying the session's token header, which the browser
 * cannot add to a plain link or an <img src>; so they are fetched with the API client and shown
 * through object URLs. An object URL has the app's origin: a file that could run script there
 * (HTML, SVG, anything unknown) is never opened, only saved.
 */
const SHOWN_INLINE =
  /^(image\/(png|jpeg|gif|webp|bmp)|video\/(mp4|webm|quicktime)|application\/pdf|text\/plain)$/;

type StoredFile = Pick<UploadedFile, 'id' | 'name' | 'mimeType'>;

async function fetchStoredFile(client: ApiClient, file: StoredFile): Promise<Blob> {
  const response = await client.get<Blob>(serveFilePath(file.id), { responseType: 'blob' });
  const safeType = SHOWN_INLINE.test(file.mimeType) ? file.mimeType : 'application/octet-stream';
  return new Blob([response.data], { type: safeType });
}

const storedFileQuery = (client: ApiClient, file: StoredFile | null) =>
  queryOptions({
    queryKey: ['stored-file', file?.id],
    queryFn: file ? () => fetchStoredFile(client, file) : skipToken,
    // A stored file never changes: a new upload gets a new id.
    staleTime: Infinity,
  });

/** Opens a stored file in a new tab (a type that is unsafe to show is saved instead). */
export async function openStoredFile(client: ApiClient, file: StoredFile) {
  // The tab is opened during the click, while the browser allows it, and filled once the file is here.
  const tab = SHOWN_INLINE.test(file.mimeType) ? window.open('', '_blank') : null;
  try {
    const blob = await fetchStoredFile(client, file);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else saveObjectUrl(url, file.name);
    // Long enough for the tab to load it or the download to start.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export interface StoredFileLinkProps {
  client: ApiClient;
  file: StoredFile;
  /** Called when the file could not be fetched (e.g. to show an alert). */
  onError(error: unknown): void;
}

/** A stored file's name, opening the file in a new tab. */
export function StoredFileLink({ client, file, onError }: StoredFileLinkProps) {
  return (
    <Link
      aria-label={`Otwórz plik ${file.name} w nowej karcie`}
      onClick={() => openStoredFile(client, file).catch(onError)}
    >
      {file.name}
    </Link>
  );
}

/** An object URL of a stored image for an <img>, null until it is fetched. */
export function useStoredFileUrl(client: ApiClient, file: StoredFile | null): string | null {
  const { data } = useQuery(storedFileQuery(client, file));
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}
