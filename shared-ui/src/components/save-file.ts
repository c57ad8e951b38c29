/** Saves `url` under `fileName`, as a link with `download` would. */
export function saveObjectUrl(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves data fetched with the API client (which sends the session's header, as a plain link
 * cannot) under `fileName`.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  saveObjectUrl(url, fileName);
  // Long enough for the download to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
