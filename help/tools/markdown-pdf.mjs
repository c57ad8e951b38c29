// Renders one help document (Markdown with screenshots) to a PDF with pdfkit: headings,
// paragraphs with bold, italic, code and links, lists, notes (block quotes) and images. The text is
// set in DejaVu Sans, embedded, so every Polish letter prints the same on any reader.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { marked } from 'marked';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  italic: path.join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
  boldItalic: path.join(FONT_DIR, 'DejaVuSans-BoldOblique.ttf'),
  mono: path.join(FONT_DIR, 'DejaVuSansMono.ttf'),
};

const COLORS = { text: '#1f1f1f', heading: '#0f4c81', link: '#0f5ea8', note: '#f3f6fa', rule: '#c7d3e0' };
const SIZES = { body: 11, h1: 22, h2: 15, h3: 12.5, footer: 8.5 };
const MARGIN = 56;
/** Screenshots never take more than this share of a page's height, so a caption fits beside. */
const IMAGE_MAX_HEIGHT_SHARE = 0.55;

/** marked keeps HTML entities of the source escaped in its tokens. */
function decodeEntities(text) {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Flattens inline tokens into runs of text with one style each. */
function inlineRuns(tokens, style = { bold: false, italic: false, mono: false, link: null }) {
  const runs = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        runs.push(...inlineRuns(token.tokens, { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...inlineRuns(token.tokens, { ...style, italic: true }));
        break;
      case 'codespan':
        runs.push({ text: decodeEntities(token.text), ...style, mono: true });
        break;
      case 'link':
        runs.push(...inlineRuns(token.tokens, { ...style, link: token.href }));
        break;
      case 'br':
        runs.push({ text: '\n', ...style });
        break;
      default:
        if (token.tokens) runs.push(...inlineRuns(token.tokens, style));
        else runs.push({ text: decodeEntities(token.text ?? token.raw ?? ''), ...style });
    }
  }
  return runs;
}

function fontOf(run) {
  if (run.mono) return 'mono';
  if (run.bold && run.italic) return 'boldItalic';
  if (run.bold) return 'bold';
  if (run.italic) return 'italic';
  return 'regular';
}

class HelpPdfWriter {
  constructor(doc, baseDir) {
    this.doc = doc;
    this.baseDir = baseDir;
  }

  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  ensureSpace(height) {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  writeRuns(runs, { size = SIZES.body, indent = 0, width = this.width - indent } = {}) {
    const { doc } = this;
    const visible = runs.filter((run) => run.text !== '');
    if (visible.length === 0) return;
    const x = MARGIN + indent;
    visible.forEach((run, index) => {
      doc
        .font(fontOf(run))
        .fontSize(size)
        .fillColor(run.link ? COLORS.link : COLORS.text);
      const options = { continued: index < visible.length - 1, link: run.link, underline: Boolean(run.link) };
      if (index === 0) doc.text(run.text, x, doc.y, { ...options, width, lineGap: 2.5 });
      else doc.text(run.text, options);
    });
  }

  heading(token) {
    const { doc } = this;
    const size = token.depth === 1 ? SIZES.h1 : token.depth === 2 ? SIZES.h2 : SIZES.h3;
    // A heading is never the last line of a page.
    this.ensureSpace(size * 4);
    if (token.depth > 1) doc.moveDown(0.6);
    doc
      .font('bold')
      .fontSize(size)
      .fillColor(COLORS.heading)
      .text(decodeEntities(token.text), MARGIN, doc.y, { width: this.width });
    if (token.depth === 1) {
      const y = doc.y + 4;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + this.width, y)
        .lineWidth(1)
        .strokeColor(COLORS.rule)
        .stroke();
      doc.y = y + 8;
    } else {
      doc.moveDown(0.3);
    }
  }

  image(token) {
    const { doc } = this;
    const maxHeight = (doc.page.height - 2 * MARGIN) * IMAGE_MAX_HEIGHT_SHARE;
    const file = path.resolve(this.baseDir, token.href);
    const image = doc.openImage(file);
    const scale = Math.min(this.width / image.width, maxHeight / image.height, 1);
    const [width, height] = [image.width * scale, image.height * scale];
    this.ensureSpace(height + 30);
    const x = MARGIN + (this.width - width) / 2;
    doc.image(image, x, doc.y, { width, height });
    doc.rect(x, doc.y, width, height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.y += height + 4;
    doc
      .font('italic')
      .fontSize(SIZES.footer + 0.5)
      .fillColor(COLORS.text)
      .text(decodeEntities(token.text), MARGIN, doc.y, { width: this.width, align: 'center' });
    doc.moveDown(0.8);
  }

  paragraph(token) {
    const images = token.tokens.filter((child) => child.type === 'image');
    if (images.length > 0 && images.length === token.tokens.filter((child) => child.raw.trim()).length) {
      images.forEach((image) => this.image(image));
      return;
    }
    this.ensureSpace(SIZES.body * 3);
    this.writeRuns(inlineRuns(token.tokens));
    this.doc.moveDown(0.6);
  }

  list(token, depth = 0) {
    const { doc } = this;
    const indent = 16 + depth * 16;
    token.items.forEach((item, index) => {
      this.ensureSpace(SIZES.body * 2.5);
      const marker = token.ordered ? `${(token.start || 1) + index}.` : '•';
      const top = doc.y;
      doc
        .font('regular')
        .fontSize(SIZES.body)
        .fillColor(COLORS.text)
        .text(marker, MARGIN + indent - 14, top, { width: 14, lineBreak: false });
      doc.y = top;
      for (const child of item.tokens) {
        if (child.type === 'list') this.list(child, depth + 1);
        else this.writeRuns(inlineRuns(child.tokens ?? [child]), { indent: indent + 4 });
      }
      doc.moveDown(0.25);
    });
    doc.moveDown(0.4);
  }

  note(token) {
    const { doc } = this;
    const runs = token.tokens.flatMap((child) => inlineRuns(child.tokens ?? [child]));
    const padding = 8;
    doc.font('regular').fontSize(SIZES.body);
    const text = runs.map((run) => run.text).join('');
    const height =
      doc.heightOfString(text, { width: this.width - 2 * padding - 4, lineGap: 2.5 }) + 2 * padding;
    this.ensureSpace(height + 10);
    const top = doc.y;
    doc.rect(MARGIN, top, this.width, height).fill(COLORS.note);
    doc.rect(MARGIN, top, 4, height).fill(COLORS.heading);
    doc.y = top + padding;
    this.writeRuns(runs, { indent: padding + 4, width: this.width - 2 * padding - 4 });
    doc.y = top + height;
    doc.moveDown(0.8);
  }

  block(token) {
    switch (token.type) {
      case 'heading':
        return this.heading(token);
      case 'paragraph':
        return this.paragraph(token);
      case 'list':
        return this.list(token);
      case 'blockquote':
        return this.note(token);
      case 'hr':
        return this.doc.moveDown(1);
      case 'space':
        return undefined;
      default:
        throw new Error(`Help documents do not use Markdown's "${token.type}" (${token.raw.trim()})`);
    }
  }

  footer(title) {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Writing below the bottom margin would start a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('regular')
        .fontSize(SIZES.footer)
        .fillColor('#555555')
        .text(`Formularze · ${title} · strona ${index + 1} z ${range.count}`, MARGIN, doc.page.height - 36, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
  }
}

/**
 * Writes `markdown` as a PDF to `output`; images are resolved against `baseDir`. The first heading
 * is the document's title (in the PDF's properties and each page's footer).
 */
export async function writeHelpPdf({ markdown, baseDir, output }) {
  const tokens = marked.lexer(markdown);
  const title = decodeEntities(tokens.find((token) => token.type === 'heading')?.text ?? 'Pomoc');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'pl-PL',
    displayTitle: true,
    info: { Title: title, Author: 'Formularze', Subject: 'Pomoc aplikacji Formularze' },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  await mkdir(path.dirname(output), { recursive: true });
  const written = new Promise((resolve, reject) => {
    const stream = createWriteStream(output);
    stream.on('finish', resolve);
    stream.on('error', reject);
    doc.pipe(stream);
  });
  const writer = new HelpPdfWriter(doc, baseDir);
  tokens.forEach((token) => writer.block(token));
  writer.footer(title);
  doc.end();
  await written;
}
