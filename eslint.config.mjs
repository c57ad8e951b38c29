import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import routeAddresses from './tools/lint/route-addresses.mjs';

const REMOTES = ['mfe-auth', 'mfe-forms-builder', 'mfe-filling', 'mfe-results', 'mfe-admin'];

// Packages the shell and every remote import another way: routing from shared-ui, icons one by one.
const FRONT_END_RESTRICTED_PATHS = [
  { name: 'react-router-dom', message: 'Import routing from shared-ui/routing (one shared copy).' },
  {
    name: '@fluentui/react-icons',
    message:
      "Import each icon from '@fluentui/react-icons/svg/<name>': the barrel puts every icon any screen uses into the first page's bundle.",
  },
];

const featuresOf = (remote) =>
  readdirSync(new URL(`./${remote}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Inside a remote, a feature reaches another only through src/shared/, and src/shared/ knows no feature
// (the layering of bulletproof-react), so that a feature can be changed or removed on its own.
const featureBoundaries = (remote) => [
  ...featuresOf(remote).map((feature) => ({
    target: `./${remote}/src/features/${feature}`,
    from: `./${remote}/src/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to src/shared/.',
  })),
  {
    target: `./${remote}/src/shared`,
    from: `./${remote}/src/features`,
    message: 'src/shared/ serves the features and never imports one.',
  },
];

/**
 * The API's folders, lowest first: a folder imports only folders listed before it. `core` is what
 * everything uses and depends on nothing; `db` holds the schema and connections; each domain folder
 * comes after those it calls. `app.ts`, `main.ts`, `server.ts` and `cli/` sit on top, and no served
 * code imports the test fixtures in `api/test/`.
 */
const API_LAYERS = [
  'core',
  'db',
  'tracing',
  'logs',
  'media',
  'system',
  'outbox',
  'audit',
  'jobs',
  'accounts',
  'auth',
  'terms',
  'persons',
  'settings',
  'captcha',
  'registration',
  'organizations',
  'api-keys',
  'remotes',
  'web',
  'operator',
  'metrics',
  'admin',
  'cart',
  'forms',
  'projects',
  'members',
  'filled-data',
  'uploads',
  'results',
  'results-csv',
  'fhir',
];
/** What the API never imports: the front ends' code and the UI stack. */
const API_FOREIGN_CODE = {
  group: ['shared-ui', 'shell', ...REMOTES, 'react', 'react-dom'].flatMap((pkg) => [
    pkg,
    `${pkg}/*`,
    `**/${pkg}/src/**`,
  ]),
  message: 'The API imports only @formularze/domain of what the front ends use.',
};
const API_TOP = ['api/src/*.ts', 'api/src/cli/**', 'api/test/**'];
const unplacedApiFolders = readdirSync(new URL('api/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'cli' && !API_LAYERS.includes(entry.name))
  .map((entry) => entry.name);
if (unplacedApiFolders.length > 0) {
  throw new Error(
    `Place api/src/${unplacedApiFolders.join(', api/src/')} in API_LAYERS (eslint.config.mjs).`,
  );
}
const apiLayerZones = API_LAYERS.map((folder, index) => ({
  target: `api/src/${folder}/**`,
  from: [...API_LAYERS.slice(index + 1).map((higher) => `api/src/${higher}/**`), ...API_TOP],
  message: `api/src/${folder} may import only ${['external packages', ...API_LAYERS.slice(0, index)].join(', ')}; move the shared piece down or pass it in.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'deployments/**',
      'coverage/**',
      // A browser-test run's own copy of the product (left behind when the run is stopped).
      '.e2e-tmp*/**',
      // Code the lint's own tests plant on disk while they run (tools/lint/boundaries.test.ts).
      'tools/lint/planted/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without its parser the rules cannot read a TypeScript module's imports and see no cycle at all.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // Packages are acyclic by construction (workspaces); a cycle between files of one package makes the
      // order of module evaluation matter, so none is allowed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: REMOTES.flatMap(featureBoundaries) }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Build configuration is CommonJS, as webpack and jest load it.
    files: ['**/webpack.config.js', 'tools/**/*.js', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain scripts the browser runs as they are.
    files: ['*/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: FRONT_END_RESTRICTED_PATHS,
          patterns: [
            {
              group: REMOTES.flatMap((remote) => [remote, `${remote}/*`, `**/${remote}/src/**`]),
              message: 'The shell loads the remotes at runtime, through the registry; it never imports them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is imported by the API too: it stays free of the browser's UI stack.
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react/*',
                'react-dom',
                'react-dom/*',
                '@fluentui/*',
                '@griffel/*',
                '@tanstack/*',
                'axios',
                'axios/*',
                'react-router',
                'react-router/*',
                'react-router-*',
                'react-hook-form',
                'react-hook-form/*',
                'shared-ui',
                'shared-ui/*',
              ],
              message:
                'The domain is React-free and shared with the API: UI code belongs in shared-ui or an area.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API shares only the domain with the front ends: none of their code, nor the UI stack.
    files: ['api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_FOREIGN_CODE] }] },
  },
  {
    // The app composes each folder through its plugin (the folder's index.ts), never its files;
    // only the infrastructure below the folders (core, db) is used directly.
    files: ['api/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            API_FOREIGN_CODE,
            {
              group: ['./*/*', '!./core/**', '!./db/**'],
              message: "Import a folder's plugin from its index.ts (e.g. './forms'), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach any folder and the fixtures; served code follows the layers.
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiLayerZones }],
    },
  },
  {
    // An in-app address is built from its area's route table (ADR 510), so that one edit changes it.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'shared-ui/src/**/*.{ts,tsx}',
      ...REMOTES.map((remote) => `${remote}/src/**/*.{ts,tsx}`),
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', 'shared-ui/src/testing/**', 'mfe-*/src/test/**'],
    plugins: { routes: routeAddresses },
    rules: { 'routes/address-from-table': 'error' },
  },
  // Remotes talk to the shell only through the contract and never import each other.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: FRONT_END_RESTRICTED_PATHS,
          patterns: [
            {
              group: ['shell', 'shell/*', '**/shell/src/**'],
              message: 'Use the shell contract from @formularze/domain/contract.',
            },
            {
              group: REMOTES.filter((other) => other !== remote).flatMap((other) => [
                other,
                `${other}/*`,
                `**/${other}/src/**`,
              ]),
              message: 'Remotes never import each other; move shared code to shared-ui.',
            },
          ],
        },
      ],
    },
  })),
);
