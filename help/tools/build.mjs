// `npm run help:build`: the product's built-in help files. Every Markdown document of
// help/manuals and help/instructions becomes a PDF of the same name, and the patients' video is
// copied beside them, into help/dist: the folder the API serves behind the operator's media folder.
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHelpPdf } from './markdown-pdf.mjs';

export const HELP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Source folders of help/ and the folders of the media they become (`@formularze/domain/schemas/help.ts`). */
export const DOCUMENT_FOLDERS = ['manuals', 'instructions'];
export const BUILT_MARKER = '.built';
export const VIDEO_SOURCE = path.join(HELP_ROOT, 'video', 'instrukcja.mp4');

/** Builds every help document into `outDir` (emptied first, so a removed source leaves no PDF). */
export async function buildHelp(outDir = path.join(HELP_ROOT, 'dist')) {
  await rm(outDir, { recursive: true, force: true });
  const built = [];
  for (const folder of DOCUMENT_FOLDERS) {
    const sourceDir = path.join(HELP_ROOT, folder);
    const sources = (await readdir(sourceDir)).filter((name) => name.endsWith('.md')).sort();
    for (const source of sources) {
      const output = path.join(outDir, folder, source.replace(/\.md$/, '.pdf'));
      const markdown = await readFile(path.join(sourceDir, source), 'utf8');
      await writeHelpPdf({ markdown, baseDir: sourceDir, output });
      built.push(path.relative(outDir, output));
    }
  }
  await mkdir(path.join(outDir, 'video'), { recursive: true });
  await copyFile(VIDEO_SOURCE, path.join(outDir, 'video', 'instrukcja.mp4'));
  built.push('video/instrukcja.mp4');
  // Hidden, so never served nor listed: when the help was built, for `npm run build` to compare.
  await writeFile(path.join(outDir, BUILT_MARKER), new Date().toISOString());
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const built = await buildHelp();
  console.log(`Help: ${built.length} files in help/dist (${Date.now() - started} ms)`);
}
