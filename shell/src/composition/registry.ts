import type { ApiClient } from 'shared-ui/api-client';
import { REGISTRY_ELEMENT_ID, remoteRegistry, type RemoteRegistry } from '@formularze/domain/schemas';

/** The server writes the registry into index.html so that no request stands between the page and its remotes. */
export function readInlineRegistry(doc: Document = document): RemoteRegistry | null {
  const text = doc.getElementById(REGISTRY_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed = remoteRegistry.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export async function fetchRegistry(api: ApiClient): Promise<RemoteRegistry> {
  const response = await api.get('/api/remotes', { headers: { 'Cache-Control': 'no-cache' } });
  return remoteRegistry.parse(response.data);
}

/** The registry this page starts with; it keeps these versions until it is reloaded. */
export async function startupRegistry(api: ApiClient): Promise<RemoteRegistry> {
  return readInlineRegistry() ?? fetchRegistry(api);
}
