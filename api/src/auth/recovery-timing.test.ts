import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildApp } from '../app';
import { answerTiming } from '../../test/answer-timing';
import { createOrganization, createUser, setupTestDatabase, testConfig } from '../../test/helpers';

/**
 * Asking for a reset link gets the same answer in the same time whether the account exists or
 * not, at both doors, although only an existing account's link is written and queued.
 */

const db = await setupTestDatabase();
const app = await buildApp({ db, config: await testConfig() });
after(() => app.close());
const { timed, compare } = answerTiming(app);

test('asking for a reset link: same answer, same time, whether the account exists', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR', organizationId });
  await compare(
    'patient recovery',
    () => timed('/api/auth/recover_password', { email: 'pacjent@org.test', lang: 'pl' }),
    () => timed('/api/auth/recover_password', { email: 'nikt@org.test', lang: 'pl' }),
  );
  await compare(
    'staff recovery',
    () => timed('/employees/v1/password/reset/ask', { email: 'lekarz@org.test', lang: 'pl' }),
    () => timed('/employees/v1/password/reset/ask', { email: 'nikt@org.test', lang: 'pl' }),
  );
  // The existing accounts' requests did queue their links; the unknown logins' did not.
  const queued = await db.selectFrom('outbox').select('recipient').execute();
  assert.deepEqual(
    new Set(queued.map((message) => message.recipient)),
    new Set(['pacjent@org.test', 'lekarz@org.test']),
  );
});
