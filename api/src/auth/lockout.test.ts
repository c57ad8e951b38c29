import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { apiError, type ApiError } from '@formularze/domain/schemas';
import {
  createOrganization,
  createUser,
  freshClientAddress,
  setupDatabaseAndApp,
  TEST_PASSWORD,
} from '../../test/helpers';
import { handMovedClock } from '../../test/requests';
import { ATTEMPT_WINDOW_MS, BLOCK_DURATIONS_MS, MAX_FAILED_ATTEMPTS } from './lockout';

const { now, advance } = handMovedClock(new Date('2026-03-02T08:00:00Z'));
const { db, app } = await setupDatabaseAndApp({}, { clock: now });

const MINUTE = 60_000;
const WRONG = 'Wrong@2026x';

// Every request from another address: the per-IP rate limit is not what these tests look at.
async function patientLogin(login: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: login, password },
    remoteAddress: freshClientAddress(),
  });
  return { status: response.statusCode, body: apiError.safeParse(response.json()).data };
}
async function employeeLogin(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/employees/v1/login',
    payload: { email, password },
    remoteAddress: freshClientAddress(),
  });
  return { status: response.statusCode, body: apiError.safeParse(response.json()).data };
}

async function createPatient() {
  const organizationId = await createOrganization(db);
  return createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
}

const attemptsLeft = (n: number): ApiError => ({
  statusCode: 401,
  error: 'Unauthorized',
  message: String(n),
  code: 'attempts-left',
  attemptsLeft: n,
});
const PATIENT_BLOCKED: ApiError = {
  statusCode: 423,
  error: 'Locked',
  message: 'Konto zostało czasowo zablokowane',
  code: 'blocked',
  attemptsLeft: 0,
};

/** Fails until blocked and returns the answers. */
async function failUntilBlocked(login: string) {
  const answers = [];
  for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) answers.push((await patientLogin(login, WRONG)).body);
  return answers;
}

test('each wrong password tells the attempts left; the last one blocks the account', async () => {
  await createPatient();
  assert.deepEqual(await failUntilBlocked('pacjent@org.test'), [
    attemptsLeft(4),
    attemptsLeft(3),
    attemptsLeft(2),
    attemptsLeft(1),
    PATIENT_BLOCKED,
  ]);
});

test('a blocked account answers the same to the right password, until the block ends', async () => {
  await createPatient();
  await failUntilBlocked('pacjent@org.test');
  assert.deepEqual(await patientLogin('pacjent@org.test', TEST_PASSWORD), {
    status: 423,
    body: PATIENT_BLOCKED,
  });
  assert.deepEqual(await patientLogin('pacjent@org.test', WRONG), { status: 423, body: PATIENT_BLOCKED });
  advance(BLOCK_DURATIONS_MS[0] - 1000);
  assert.equal((await patientLogin('pacjent@org.test', TEST_PASSWORD)).status, 423);
  advance(1000);
  assert.equal((await patientLogin('pacjent@org.test', TEST_PASSWORD)).status, 200);
});

test('repeated blocks last longer: 15 minutes, an hour, a day', async () => {
  await createPatient();
  for (const duration of [...BLOCK_DURATIONS_MS, BLOCK_DURATIONS_MS[2]]) {
    await failUntilBlocked('pacjent@org.test');
    advance(duration - MINUTE);
    assert.equal((await patientLogin('pacjent@org.test', TEST_PASSWORD)).status, 423, `${duration}`);
    advance(MINUTE);
    // The block is over: a full set of attempts again.
    assert.deepEqual((await patientLogin('pacjent@org.test', WRONG)).body, attemptsLeft(4));
    // ...which the next round of failures spends (the first of them already did above).
    for (let i = 0; i < MAX_FAILED_ATTEMPTS - 2; i += 1) await patientLogin('pacjent@org.test', WRONG);
    advance(ATTEMPT_WINDOW_MS); // the window closes: the count starts over for the next round
  }
});

test('a success resets the count and forgets earlier blocks', async () => {
  await createPatient();
  await failUntilBlocked('pacjent@org.test');
  advance(BLOCK_DURATIONS_MS[0]);
  await patientLogin('pacjent@org.test', WRONG);
  await patientLogin('pacjent@org.test', WRONG);
  assert.equal((await patientLogin('pacjent@org.test', TEST_PASSWORD)).status, 200);
  assert.deepEqual((await patientLogin('pacjent@org.test', WRONG)).body, attemptsLeft(4));
  // The next block is the first of a new series again.
  for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i += 1) await patientLogin('pacjent@org.test', WRONG);
  advance(BLOCK_DURATIONS_MS[0]);
  assert.equal((await patientLogin('pacjent@org.test', TEST_PASSWORD)).status, 200);
});

test('failures older than the window no longer count', async () => {
  await createPatient();
  await patientLogin('pacjent@org.test', WRONG);
  await patientLogin('pacjent@org.test', WRONG);
  advance(ATTEMPT_WINDOW_MS);
  assert.deepEqual((await patientLogin('pacjent@org.test', WRONG)).body, attemptsLeft(4));
});

test('an unknown login is answered exactly like an existing account', async () => {
  await createPatient();
  const existing = await failUntilBlocked('pacjent@org.test');
  const unknown = await failUntilBlocked('nikt@org.test');
  assert.deepEqual(unknown, existing);
  assert.deepEqual(
    await patientLogin('nikt@org.test', TEST_PASSWORD),
    await patientLogin('pacjent@org.test', TEST_PASSWORD),
  );
});

test('an unknown login is kept as a keyed hash, never as typed', async () => {
  await failUntilBlocked('Nikt.Tajny@org.test');
  await employeeLogin('nikt.tajny@org.test', WRONG);
  const rows = await db.selectFrom('login_throttles').select('subject').execute();
  assert.equal(rows.length, 1, 'both doors count the same login');
  assert.match(rows[0]!.subject, /^login:[0-9a-f]{64}$/);
  assert.ok(!rows[0]!.subject.includes('nikt'), rows[0]!.subject);
  const plainSha256 = createHash('sha256').update('nikt.tajny@org.test').digest('hex');
  assert.notEqual(rows[0]!.subject, `login:${plainSha256}`, 'keyed by a server secret, not a bare hash');
});

test('the account is counted whichever login and door is used', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, {
    email: 'p@org.test',
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    organizationId,
  });
  await patientLogin('p@org.test', WRONG);
  const byPhone = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phone: '+48600100200', password: WRONG },
    remoteAddress: freshClientAddress(),
  });
  assert.equal(apiError.parse(byPhone.json()).attemptsLeft, 3);
});

test('staff: InvalidEmailError with the attempts left, then EmployeeBlockedError', async () => {
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR' });
  const answers = [];
  for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1)
    answers.push(await employeeLogin('lekarz@org.test', WRONG));
  assert.deepEqual(
    answers.map(({ status, body }) => [status, body?.code, body?.attemptsLeft]),
    [
      [401, 'InvalidEmailError', 4],
      [401, 'InvalidEmailError', 3],
      [401, 'InvalidEmailError', 2],
      [401, 'InvalidEmailError', 1],
      [423, 'EmployeeBlockedError', 0],
    ],
  );
  const blocked = await employeeLogin('lekarz@org.test', TEST_PASSWORD);
  assert.deepEqual(blocked.body, {
    statusCode: 423,
    error: 'Locked',
    message: 'Konto tymczasowo zablokowane',
    code: 'EmployeeBlockedError',
    attemptsLeft: 0,
  });
  // An unknown staff login behaves the same.
  const unknown = [];
  for (let i = 0; i < MAX_FAILED_ATTEMPTS + 1; i += 1)
    unknown.push(await employeeLogin('nikt@org.test', WRONG));
  assert.deepEqual(unknown, [...answers, blocked]);
});

async function ownerLogin(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login-owner',
    payload: { email, password },
    remoteAddress: freshClientAddress(),
  });
  return { status: response.statusCode, body: apiError.safeParse(response.json()).data };
}

const OWNER_BLOCKED: ApiError = {
  statusCode: 423,
  error: 'Locked',
  message: 'Błąd logowania',
  code: 'blocked',
};

test('the super-admin door blocks after the same number of failures, then refuses the right password', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  for (let i = 1; i < MAX_FAILED_ATTEMPTS; i += 1) {
    assert.equal((await ownerLogin('admin@platform.test', WRONG)).status, 401);
  }
  assert.deepEqual((await ownerLogin('admin@platform.test', WRONG)).body, OWNER_BLOCKED);
  assert.deepEqual((await ownerLogin('admin@platform.test', TEST_PASSWORD)).body, OWNER_BLOCKED);
  advance(BLOCK_DURATIONS_MS[0]);
  assert.equal((await ownerLogin('admin@platform.test', TEST_PASSWORD)).status, 200);
});

test('the super-admin and staff doors count one account together and honour each other’s block', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  for (let i = 1; i < MAX_FAILED_ATTEMPTS; i += 1) {
    assert.equal((await employeeLogin('admin@platform.test', WRONG)).status, 401);
  }
  // The last attempt, at the other door, spends the account's last try.
  assert.deepEqual((await ownerLogin('admin@platform.test', WRONG)).body, OWNER_BLOCKED);
  assert.equal((await employeeLogin('admin@platform.test', TEST_PASSWORD)).status, 423);

  advance(BLOCK_DURATIONS_MS[0]);
  for (let i = 1; i < MAX_FAILED_ATTEMPTS; i += 1) {
    assert.equal((await ownerLogin('Admin@platform.test', WRONG)).status, 401);
  }
  assert.equal((await employeeLogin('admin@platform.test', WRONG)).status, 423);
  assert.deepEqual((await ownerLogin('admin@platform.test', TEST_PASSWORD)).body, OWNER_BLOCKED);
});

test('an unknown e-mail at the super-admin door is blocked like an account', async () => {
  for (let i = 1; i < MAX_FAILED_ATTEMPTS; i += 1) {
    assert.equal((await ownerLogin('nikt@platform.test', WRONG)).status, 401);
  }
  assert.deepEqual((await ownerLogin('nikt@platform.test', WRONG)).body, OWNER_BLOCKED);
});
