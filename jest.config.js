/** Unit tests of the domain and of every front-end package (the API and browser tests have their own runners). */
const PACKAGES = [
  'domain',
  'shared-ui',
  'shell',
  'mfe-auth',
  'mfe-forms-builder',
  'mfe-filling',
  'mfe-results',
  'mfe-admin',
];

module.exports = {
  testEnvironment: 'jsdom',
  // Form screens with many fields take seconds on a loaded 2-core CI machine.
  testTimeout: 15000,
  // `tools` holds the checks of the build's own rules, such as which package may import what.
  roots: [...PACKAGES.map((pkg) => `<rootDir>/${pkg}/src`), '<rootDir>/tools'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/tools/jest/setup.ts'],
  transform: {
    '^.+\\.[jt]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globals: { __PACKAGE_VERSION__: '0.0.0-test', __PACKAGE_NAME__: 'test' },
};
