import { MAX_UPLOAD_BYTES, WRONG_FILE_TYPE_MESSAGE } from '@formularze/domain/schemas/uploads';
import type { AttachedFile } from '../attached-file';

let lastKey = 0;

/** A file just chosen in the browser, waiting for the form's save to upload it. */
export function chosenFile(file: File): AttachedFile {
  lastKey += 1;
  return { key: `chosen-${lastKey}`, status: 'pending', file, progress: 0 };
}

/** Whether the server refused this file (by its key while chosen, by its id once uploaded). */
export const isRefused = (attached: AttachedFile, invalidFileKeys: ReadonlySet<string>) =>
  invalidFileKeys.has(attached.key) ||
  (attached.status === 'uploaded' && invalidFileKeys.has(attached.uploaded.id));

const sizeFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} kB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The `accept` attribute of a file input for these extensions; empty accepts anything. */
export const acceptAttribute = (extensions: readonly string[]) =>
  extensions.map((extension) => `.${extension}`).join(',') || undefined;

/**
 * Which of the files a person chose may be attached: of an accepted extension (any when the list is
 * empty or not known yet; the server checks the content anyway), within the upload size, and only as
 * many as there is room for. The rest are named in the messages, one per reason.
 */
export function admitFiles(
  chosen: readonly File[],
  { extensions, room }: { extensions: readonly string[]; room: number },
): { admitted: File[]; refusals: string[] } {
  const wrongType: string[] = [];
  const tooLarge: string[] = [];
  const overLimit: string[] = [];
  const admitted: File[] = [];
  for (const file of chosen) {
    if (extensions.length > 0 && !extensions.includes(extensionOf(file.name))) wrongType.push(file.name);
    else if (file.size > MAX_UPLOAD_BYTES) tooLarge.push(file.name);
    else if (admitted.length >= room) overLimit.push(file.name);
    else admitted.push(file);
  }
  const maxMegabytes = MAX_UPLOAD_BYTES / (1024 * 1024);
  const refusals = [
    wrongType.length && `${WRONG_FILE_TYPE_MESSAGE}: ${wrongType.join(', ')}`,
    tooLarge.length && `Plik jest za duży (najwyżej ${maxMegabytes} MB): ${tooLarge.join(', ')}`,
    overLimit.length && `Osiągnięto limit plików. Nie dodano: ${overLimit.join(', ')}`,
  ].filter((message): message is string => !!message);
  return { admitted, refusals };
}
