import { after, test } from 'node:test';
import { buildApp } from '../app';
import { answerTiming } from '../../test/answer-timing';
import { createOrganization, createUser, setupTestDatabase, testConfig } from '../../test/helpers';
import { ATTEMPT_WINDOW_MS } from './lockout';

/**
 * A wrong password for an existing account and any password for an unknown login get the same
 * answer in the same time at both doors, so neither tells which logins exist.
 */

const db = await setupTestDatabase();
let now = new Date('2026-03-02T08:00:00Z');
const app = await buildApp({ db, config: await testConfig(), clock: () => now });
after(() => app.close());
// Every attempt opens a new lockout window: neither side runs out of attempts or is blocked.
const { timed, compare } = answerTiming(app, {
  beforeEach: () => void (now = new Date(now.getTime() + ATTEMPT_WINDOW_MS + 1000)),
});

test('a wrong password and an unknown login: same answer, same time, at both doors', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR', organizationId });
  const password = 'Zgadywane#2026';
  await compare(
    'patient door',
    () => timed('/api/auth/login', { username: 'pacjent@org.test', password }),
    () => timed('/api/auth/login', { username: 'nikt@org.test', password }),
  );
  await compare(
    'staff door',
    () => timed('/employees/v1/login', { email: 'lekarz@org.test', password }),
    () => timed('/employees/v1/login', { email: 'nikt@org.test', password }),
  );
});
