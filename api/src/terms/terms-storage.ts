import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The media subfolder of terms PDFs (`terms/<organization id>/…`); left out of the help files list. */
const TERMS_FOLDER = 'terms';

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

/**
 * Whether the bytes are a PDF by their signature. The client's content type is checked too, but it
 * alone proves nothing: the file server would serve an HTML page renamed to .pdf from our origin.
 */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE);
}

/**
 * Writes the PDF under a random name (so a link cannot be guessed from another) and returns its
 * path relative to the media folder.
 */
export async function storeTermsPdf(
  mediaDir: string,
  organizationId: number,
  bytes: Buffer,
): Promise<string> {
  const folder = `${TERMS_FOLDER}/${organizationId}`;
  const relative = `${folder}/${randomBytes(16).toString('hex')}.pdf`;
  await mkdir(path.join(mediaDir, folder), { recursive: true });
  await writeFile(path.join(mediaDir, relative), bytes, { flag: 'wx' });
  return relative;
}

/** Deletes a PDF that `storeTermsPdf` wrote for a document that was then not saved. */
export async function deleteTermsPdf(mediaDir: string, relative: string): Promise<void> {
  if (!relative.startsWith(`${TERMS_FOLDER}/`) || relative.includes('..')) return;
  await rm(path.join(mediaDir, relative), { force: true });
}
