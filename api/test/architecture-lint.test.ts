import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: REPO_ROOT });

/** The import-x rules that fire on `code` placed at `file` (relative to the repository). */
async function architectureRulesFiring(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}${file}` });
  const rules = result!.messages.map((message) => message.ruleId ?? message.message);
  return [...new Set(rules.filter((rule) => rule.startsWith('import-x/')))];
}

// Each case plants one import in a file of api/ and names the rule that must refuse it (none: allowed).
const cases: { name: string; file: string; code: string; fires: string[] }[] = [
  {
    name: 'core depends on nothing else of the API',
    file: 'api/src/core/planted.ts',
    code: "export { migrateToLatest } from '../db/migrate';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'db does not reach into a domain folder',
    file: 'api/src/db/planted.ts',
    code: "export { authToken } from '../auth/auth-token';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'a domain folder does not import one listed after it (accounts → auth)',
    file: 'api/src/accounts/planted.ts',
    code: "export { signedInPerson } from '../auth/session-guard';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'forms do not import filled data, which builds on them',
    file: 'api/src/forms/planted.ts',
    code: "export { scoreForm } from '../filled-data/scoring';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'filled data does not import the upload routes',
    file: 'api/src/filled-data/planted.ts',
    code: "export { uploadsRoutes } from '../uploads/uploads-routes';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'no folder imports the app that registers it',
    file: 'api/src/web/planted.ts',
    code: "export { buildApp } from '../app';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'served code does not import test fixtures',
    file: 'api/src/forms/planted.ts',
    code: "export { setupTestDatabase } from '../../test/helpers';",
    fires: ['import-x/no-restricted-paths'],
  },
  {
    name: 'two files of one folder importing each other are a cycle',
    file: 'api/src/forms/form-lifecycle.ts',
    code: "export { duplicateForm } from './forms-repository';",
    fires: ['import-x/no-cycle'],
  },
  {
    name: 'a domain folder imports core, db and folders listed before it',
    file: 'api/src/forms/planted.ts',
    code: [
      "export { AppError } from '../core/errors';",
      "export { isUniqueViolation } from '../db/unique-violation';",
      "export { signedInPerson } from '../auth/session-guard';",
      "export { queueWelcomeMessages } from '../jobs/assignment-messages';",
    ].join('\n'),
    fires: [],
  },
  {
    name: 'the app registers every folder',
    file: 'api/src/planted.ts',
    code: "export { projectsPlugin } from './projects';\nexport { uploadsRoutes } from './uploads/uploads-routes';",
    fires: [],
  },
  {
    name: 'tests use the fixtures',
    file: 'api/src/forms/planted.test.ts',
    code: "export { setupTestDatabase } from '../../test/helpers';",
    fires: [],
  },
];

for (const { name, file, code, fires } of cases) {
  test(`architecture lint: ${name}`, async () => {
    assert.deepEqual(await architectureRulesFiring(file, code), fires);
  });
}
