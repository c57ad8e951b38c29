// Bundles each renderer's page (production, minified) into dist/<renderer>/, with its stylesheet,
// so the benchmark serves static pages, as a product built on each renderer would.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Each renderer's page script and the stylesheets its documentation asks for (Form.io's templates are Bootstrap's). */
export const RENDERERS = {
  surveyjs: { entry: 'src/surveyjs.tsx', stylesheets: ['survey-core/survey-core.min.css'] },
  formio: {
    entry: 'src/formio.ts',
    stylesheets: ['bootstrap/dist/css/bootstrap.min.css', '@formio/js/dist/formio.form.min.css'],
  },
};

const page = (title) => `<!doctype html>
<html lang="pl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="page.css"></head>
<body><main id="root"></main><script type="module" src="page.js"></script></body>
</html>
`;

/** Builds every renderer's page; answers the folder holding one folder per renderer. */
export async function buildPages() {
  const dist = path.join(here, 'dist');
  for (const [name, { entry, stylesheets }] of Object.entries(RENDERERS)) {
    const out = path.join(dist, name);
    await mkdir(out, { recursive: true });
    await build({
      absWorkingDir: here,
      entryPoints: { page: entry },
      bundle: true,
      format: 'esm',
      target: 'es2022',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      outdir: out,
      logLevel: 'warning',
    });
    await build({
      absWorkingDir: here,
      stdin: {
        contents: stylesheets.map((sheet) => `@import "${sheet}";`).join('\n'),
        loader: 'css',
        resolveDir: here,
      },
      outfile: path.join(out, 'page.css'),
      bundle: true,
      minify: true,
      loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file' },
      logLevel: 'warning',
    });
    await writeFile(path.join(out, 'index.html'), page(name));
  }
  return dist;
}
