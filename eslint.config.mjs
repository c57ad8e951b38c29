import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-auth', 'mfe-forms-builder', 'mfe-filling', 'mfe-results', 'mfe-admin'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'deployments/**', 'coverage/**'] },
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
          paths: [
            { name: 'react-router-dom', message: 'Import routing from shared-ui/routing (one shared copy).' },
            {
              name: '@fluentui/react-icons',
              message:
                "Import each icon from '@fluentui/react-icons/svg/<name>': the barrel puts every icon any screen uses into the first page's bundle.",
            },
          ],
        },
      ],
    },
  },
  // Remotes talk to the shell only through the contract and never import each other.
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: 'Import routing from shared-ui/routing (one shared copy).' },
            {
              name: '@fluentui/react-icons',
              message:
                "Import each icon from '@fluentui/react-icons/svg/<name>': the barrel puts every icon any screen uses into the first page's bundle.",
            },
          ],
          patterns: [
            {
              group: ['shell', 'shell/*', '**/shell/src/**'],
              message: 'Use the shell contract from shared-ui.',
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
