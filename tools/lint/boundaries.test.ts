import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROUTES } from '@formularze/domain/schemas';

const root = path.resolve(__dirname, '../..');

interface PlantedCase {
  /** Where the planted code pretends to live. */
  file: string;
  code: string;
  rule: string;
  /** Whether the rule must report the code: a boundary forbids it, or allows it. */
  fires: boolean;
}

const importInDomain = (source: string, fires: boolean): PlantedCase => ({
  file: 'domain/src/planted.ts',
  code: `import '${source}';\n`,
  rule: 'no-restricted-imports',
  fires,
});

const importIn = (file: string, source: string, fires: boolean): PlantedCase => ({
  file,
  code: `import '${source}';\n`,
  rule: 'no-restricted-imports',
  fires,
});

const importInRemote = (file: string, source: string, fires: boolean): PlantedCase => ({
  file,
  code: `import '${source}';\n`,
  rule: 'import-x/no-restricted-paths',
  fires,
});

const addressIn = (file: string, code: string, fires: boolean): PlantedCase => ({
  file,
  code,
  rule: 'routes/address-from-table',
  fires,
});

/**
 * A cycle needs both of its files on disk, so the pair is written for the test's duration to a folder
 * the repository's lint ignores (lint-texts lints it all the same).
 */
const plantedFolder = 'tools/lint/planted';
const CYCLE = {
  'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
};

/** Each boundary the lint configuration draws, proved by code planted on either side of it. */
const CASES: PlantedCase[] = [
  // The domain is shared with the API: none of the browser's UI stack.
  ...[
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    '@fluentui/react-components',
    '@griffel/react',
    '@tanstack/react-query',
    'axios',
    'react-router',
    'react-router-dom',
    'react-hook-form',
    'shared-ui/components',
    '../../shared-ui/src/theme',
  ].map((source) => importInDomain(source, true)),
  importInDomain('zod/mini', false),
  importInDomain('./paging', false),
  // The API shares only the domain with the front ends; the shell never imports a remote.
  importIn('api/src/forms/planted.ts', 'shared-ui/components', true),
  importIn('api/src/forms/planted.ts', 'react', true),
  importIn('api/src/forms/planted.ts', '../../../mfe-filling/src/app', true),
  importIn('api/src/forms/planted.ts', '@formularze/domain/schemas', false),
  // The API's app composes each folder through its plugin, never through the folder's files.
  importIn('api/src/app.ts', './auth/access-control', true),
  importIn('api/src/app.ts', './auth', false),
  importIn('api/src/app.ts', './core/http/error-handler', false),
  importIn('api/src/app.ts', 'shared-ui/components', true),
  importIn('shell/src/composition/planted.ts', 'mfe-results', true),
  importIn('shell/src/composition/planted.ts', '../../../mfe-auth/src/app', true),
  importIn('shell/src/composition/planted.ts', 'shared-ui/remote', false),
  // Inside a remote, features never import each other, and src/shared/ imports no feature.
  importInRemote('mfe-filling/src/features/dashboard/planted.ts', '../details/components/DetailsPage', true),
  importInRemote('mfe-results/src/features/projects/planted.ts', '../filled-forms/api', true),
  importInRemote('mfe-admin/src/features/terms/components/planted.tsx', '../../members/api', true),
  importInRemote('mfe-filling/src/shared/planted.ts', '../features/details/components/DetailsPage', true),
  importInRemote('mfe-filling/src/features/dashboard/planted.ts', './auto-redirect', false),
  importInRemote('mfe-filling/src/features/dashboard/planted.ts', '../../shared/my-forms/paths', false),
  // In-app addresses are built from the route tables: spelled as text in front-end code, they are reported.
  addressIn(
    'mfe-results/src/features/results/planted.tsx',
    'export const a = <Link to="/results/x" />;\n',
    true,
  ),
  addressIn(
    'mfe-forms-builder/src/features/form-list/planted.ts',
    'export const go = (id: number) => navigate(`/formdata/all/${id}`);\n',
    true,
  ),
  addressIn('shell/src/frame/planted.ts', "navigate('/', { replace: true });\n", true),
  addressIn('shared-ui/src/components/planted.ts', "export const a = '/Forms/Active/';\n", true),
  addressIn(
    'mfe-auth/src/features/login/planted.ts',
    'export const a = (t: string, r: string) => `/password-set-new/${t}?role=${r}`;\n',
    true,
  ),
  addressIn(
    'mfe-forms-builder/src/features/form-editor/planted.ts',
    "export const a = (mode: 'edit' | 'display', id: number) => `/forms/${mode}/${id}`;\n",
    true,
  ),
  addressIn(
    'mfe-results/src/features/results/planted.ts',
    'export const a = (id: number) => client.get(`/api/results/${id}`);\n',
    false,
  ),
  addressIn('mfe-results/src/features/results/planted.ts', "export const a = '/api/forms';\n", false),
  addressIn(
    'mfe-filling/src/features/details/planted.ts',
    "export const a = '/org-media/files/x.pdf';\n",
    false,
  ),
  addressIn(
    'mfe-results/src/features/results/planted.tsx',
    'export const a = (formId: number) => <Link to={pathTo(RESULTS_ROUTES.formResults, { formId })} />;\n',
    false,
  ),
  addressIn('shell/src/frame/planted.ts', "export const a = (path: string) => path.split('/');\n", false),
  addressIn('shell/src/frame/planted.ts', 'export const a = (id: string) => `/${id}`;\n', false),
  addressIn(
    'mfe-results/src/features/results/__tests__/planted.test.tsx',
    "expect(a).toBe('/results/4');\n",
    false,
  ),
  addressIn('domain/src/schemas/planted.ts', "export const a = '/results';\n", false),
  // The rule reads the tables from their sources: it knows every route they declare.
  ...ROUTES.map(({ path: pattern }) =>
    addressIn(
      'mfe-admin/src/features/members/planted.ts',
      `export const a = '${pattern.replace(/:[\w-]+/g, '7')}';\n`,
      true,
    ),
  ),
  // No import cycle, anywhere.
  { file: `${plantedFolder}/a.ts`, code: CYCLE['a.ts'], rule: 'import-x/no-cycle', fires: true },
  {
    file: `${plantedFolder}/a.ts`,
    code: 'export const a = 1;\n',
    rule: 'import-x/no-cycle',
    fires: false,
  },
];

let reported: string[][];

beforeAll(async () => {
  mkdirSync(path.join(root, plantedFolder), { recursive: true });
  for (const [name, code] of Object.entries(CYCLE)) writeFileSync(path.join(root, plantedFolder, name), code);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, 'tools/lint/lint-texts.mjs'), JSON.stringify(CASES)],
    { cwd: root },
  );
  reported = JSON.parse(stdout);
}, 60_000);

afterAll(() => rmSync(path.join(root, plantedFolder), { recursive: true, force: true }));

const titleOf = ({ file, code, rule, fires }: PlantedCase) =>
  `${file}: ${code.split('\n')[0]} ${fires ? 'is reported by' : 'passes'} ${rule}`;

it.each(CASES.map((planted, index) => [titleOf(planted), planted, index] as const))(
  '%s',
  (_title, { rule, fires }, index) => {
    if (fires) expect(reported[index]).toContain(rule);
    else expect(reported[index]).not.toContain(rule);
  },
);
