import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { FILE_TYPES } from '@formularze/domain/schemas/form-template';
import type { UploadFileType } from '@formularze/domain/schemas/uploads';

/**
 * What a FILE field's `fileType` accepts, and what an uploaded file is. A file is judged by its
 * content (its first bytes, via `file-type`), never by the client's content type: a page renamed
 * to .pdf must not be stored as a PDF. Plain text (txt, csv) has no signature: it is accepted by
 * its name when the content is UTF-8 text.
 */

export type FieldFileType = (typeof FILE_TYPES)[number];

/** Content that is text rather than a recognised binary format. */
const TEXT = 'text';

/** A listed extension: the type it is served as, and the content (`file-type`'s names) it must have. */
const KINDS: Record<string, { mime: string; content: readonly string[] | typeof TEXT }> = {
  pdf: { mime: 'application/pdf', content: ['pdf'] },
  // Old Word and Excel files are both OLE compound files: only the name tells them apart.
  doc: { mime: 'application/msword', content: ['cfb'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    content: ['docx'],
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', content: ['odt'] },
  txt: { mime: 'text/plain; charset=utf-8', content: TEXT },
  rtf: { mime: 'application/rtf', content: ['rtf'] },
  xls: { mime: 'application/vnd.ms-excel', content: ['cfb'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: ['xlsx'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', content: ['ods'] },
  csv: { mime: 'text/csv; charset=utf-8', content: TEXT },
  jpg: { mime: 'image/jpeg', content: ['jpg'] },
  jpeg: { mime: 'image/jpeg', content: ['jpg'] },
  png: { mime: 'image/png', content: ['png', 'apng'] },
  gif: { mime: 'image/gif', content: ['gif'] },
  webp: { mime: 'image/webp', content: ['webp'] },
  heic: { mime: 'image/heic', content: ['heic'] },
  bmp: { mime: 'image/bmp', content: ['bmp'] },
  mp4: { mime: 'video/mp4', content: ['mp4', 'm4v'] },
  mov: { mime: 'video/quicktime', content: ['mov'] },
  avi: { mime: 'video/x-msvideo', content: ['avi'] },
  mkv: { mime: 'video/x-matroska', content: ['mkv'] },
  webm: { mime: 'video/webm', content: ['webm'] },
};

/** The extensions each field file type takes, with the Polish line shown under the upload button. */
export const FILE_TYPE_CATALOG: readonly UploadFileType[] = [
  {
    name: 'Document',
    details: 'Dokumenty: pdf, doc, docx, odt, txt, rtf, xls, xlsx, ods, csv',
    extensions: ['pdf', 'doc', 'docx', 'odt', 'txt', 'rtf', 'xls', 'xlsx', 'ods', 'csv'],
  },
  {
    name: 'Image',
    details: 'Obrazy: jpg, jpeg, png, gif, webp, heic, bmp',
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'bmp'],
  },
  {
    name: 'Movie',
    details: 'Filmy: mp4, mov, avi, mkv, webm',
    extensions: ['mp4', 'mov', 'avi', 'mkv', 'webm'],
  },
  { name: 'Any', details: 'Dowolne pliki, wszystkie rozszerzenia', extensions: [] },
];

/** Whether a file recognised as `extension` (null: none of the listed ones) fits a field's type. */
export function fitsFileType(extension: string | null, fileType: FieldFileType): boolean {
  if (fileType === 'Any') return true;
  const entry = FILE_TYPE_CATALOG.find((type) => type.name === fileType);
  return extension !== null && entry!.extensions.includes(extension);
}

/** Whether the whole file is UTF-8 text: valid sequences and no NUL bytes (binary formats have them). */
async function isUtf8Text(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) {
      if ((chunk as Buffer).includes(0)) return false;
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export interface RecognisedFile {
  /** The listed extension the content is, or null when it is none of them. */
  extension: string | null;
  mimeType: string;
}

/**
 * What a stored file is, from its content and, where the content cannot tell (text, OLE files),
 * its name. A content that contradicts the name is what the content says (a PNG named .pdf is a
 * PNG); unlisted formats keep the content's own type, unknown binary data is an octet stream.
 */
export async function recogniseFile(file: string, name: string): Promise<RecognisedFile> {
  const named = path.extname(name).slice(1).toLowerCase();
  const detected = await fileTypeFromFile(file);
  const namedKind = Object.hasOwn(KINDS, named) ? KINDS[named]! : undefined;
  if (detected) {
    if (namedKind && namedKind.content !== TEXT && namedKind.content.includes(detected.ext)) {
      return { extension: named, mimeType: namedKind.mime };
    }
    const byContent =
      detected.ext === 'cfb'
        ? undefined
        : Object.entries(KINDS).find(
            ([, kind]) => kind.content !== TEXT && kind.content.includes(detected.ext),
          );
    return byContent
      ? { extension: byContent[0], mimeType: byContent[1].mime }
      : { extension: null, mimeType: detected.mime };
  }
  if (await isUtf8Text(file)) {
    return namedKind?.content === TEXT
      ? { extension: named, mimeType: namedKind.mime }
      : { extension: null, mimeType: 'text/plain; charset=utf-8' };
  }
  return { extension: null, mimeType: 'application/octet-stream' };
}
