import { createReadStream } from 'node:fs';

/**
 * Files built to be read two ways (polyglots): a picture or a PDF that is also a web page, or
 * that carries a ZIP archive at its end (a "GIFAR", which a Java or archive reader opens from
 * the end). Every such file is refused: the product serves files from its own origin, so a page
 * hidden in one would run as ours wherever a browser, a proxy or a plug-in sniffs the content.
 */

/**
 * Markup that makes text a web page, also under an XML namespace prefix (`<x:script>`). Text is
 * refused for any of it: no answer needs a page, an SVG picture or a script, and text has no
 * compressed bytes that could match by chance.
 */
const MARKUP_IN_TEXT =
  /<(?:[\w-]+:)?(?:script|iframe|html|head|body|svg|object|embed|frameset|meta|style)\b|<!doctype\s+html|javascript:/i;

/**
 * Markup that runs, inside binary content (an image, a PDF's objects): whole tag names followed by
 * a tag character, so that compressed bytes match by chance about once in 50 000 files of 20 MB.
 */
const MARKUP_IN_BINARY = /<(?:script|iframe|html|body)[\s/>]|<!doctype\s+html|javascript:|\/javascript\b/i;

/** Text, and markup formats `file-type` recognises (XML, which a browser renders as XHTML). */
const TEXT_TYPES = /^text\/|[/+]xml\b/;

/** A pattern match may span two chunks: this many bytes of the previous one are searched again. */
const OVERLAP = 32;

/** A ZIP archive's end record, which its readers look for within the last 64 KiB + 22 bytes. */
const ZIP_END_OF_DIRECTORY = Buffer.from('504b0506', 'hex');
const ZIP_TAIL_BYTES = 0xffff + 22;

/** Formats that are ZIP archives themselves: their end record is their own. */
const ZIP_FORMATS = new Set(['docx', 'xlsx', 'odt', 'ods']);

export interface ContentJudged {
  /** The recognised listed extension, or null. */
  extension: string | null;
  mimeType: string;
}

/**
 * Whether the stored file hides content of another kind than it was recognised as: markup in
 * text or XML, markup that runs or an appended archive in a listed format (images, PDF, documents,
 * videos). Unlisted binary formats (programs, archives) are never shown by a browser, so they are
 * not searched.
 */
export async function hidesOtherContent(file: string, { extension, mimeType }: ContentJudged) {
  const isText = TEXT_TYPES.test(mimeType);
  if (!isText && extension === null) return false;
  const markup = isText ? MARKUP_IN_TEXT : MARKUP_IN_BINARY;
  let carried = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file)) {
    const bytes = Buffer.concat([carried, chunk as Buffer]);
    if (markup.test(bytes.toString('latin1'))) return true;
    carried = bytes.subarray(-OVERLAP);
    tail = Buffer.concat([tail, chunk as Buffer]).subarray(-ZIP_TAIL_BYTES);
  }
  return !isText && !ZIP_FORMATS.has(extension!) && tail.includes(ZIP_END_OF_DIRECTORY);
}
