import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createScratchDatabase, startApiProcesses } from '../../test/api-processes';
import { createOrganization, createUser, setupTestApp, setupTestDatabase, signIn } from '../../test/helpers';

/** Another process hears of a change within this (auth/caller-cache.ts, auth/caller-changes.ts). */
const OTHER_PROCESS_BOUND_MS = 1000;

describe('a resolved caller kept in memory, in the process that serves it', async () => {
  const db = await setupTestDatabase();
  const { app } = await setupTestApp(db);

  async function signedInPatient() {
    const organizationId = await createOrganization(db);
    const userId = await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
    const headers = await signIn(app, { phone: '+48600100200' });
    const status = async (url = '/api/persons/my') => (await app.inject({ url, headers })).statusCode;
    // Twice: the second answer comes from the cache.
    assert.equal(await status(), 200);
    assert.equal(await status(), 200);
    return { userId, headers, status };
  }

  test('a logout counts at once', async () => {
    const { headers, status } = await signedInPatient();
    assert.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode, 204);
    assert.equal(await status(), 401);
  });

  test('a deactivation and a change of roles count at once, whatever code made them', async () => {
    const { userId, status } = await signedInPatient();
    const staffOnly = '/api/v2/persons';
    assert.equal(await status(staffOnly), 403);
    await db.updateTable('users').set({ authorities: 'ROLE_OWNER' }).where('id', '=', userId).execute();
    assert.equal(await status(staffOnly), 200);
    await db.updateTable('users').set({ activated: false }).where('id', '=', userId).execute();
    assert.equal(await status(), 401);
  });

  test('the person’s own page, answered from the caller, shows a change of name or organization at once', async () => {
    const { userId, headers } = await signedInPatient();
    const my = async () => (await app.inject({ url: '/api/persons/my', headers })).json();
    await db.updateTable('users').set({ first_name: 'Zmieniona' }).where('id', '=', userId).execute();
    assert.equal((await my()).firstName, 'Zmieniona');
    const { organization } = await my();
    await db
      .updateTable('organizations')
      .set({ name: 'Nowa nazwa' })
      .where('id', '=', organization.id)
      .execute();
    assert.equal((await my()).organization.orgName, 'Nowa nazwa');
  });
});

const serverUrl = process.env.DATABASE_URL;
test(
  'a logout, a password change, a role change, a deactivation and a new name reach the other process within a second',
  {
    skip: serverUrl
      ? false
      : 'needs a PostgreSQL server (DATABASE_URL): PGlite allows one process per database',
  },
  async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'caller_cache');
    after(() => scratch.drop());
    const { processes, stop } = await startApiProcesses(2, { DATABASE_URL: scratch.url, SEED_DEMO: 'false' });
    after(stop);
    const [first, second] = processes.map((process) => `http://127.0.0.1:${process.port}`) as [
      string,
      string,
    ];

    const organizationId = await createOrganization(scratch.db);
    let people = 0;
    async function signedIn(authorities = 'ROLE_USER') {
      people += 1;
      const email = `osoba${people}@klinika.test`;
      const userId = await createUser(scratch.db, { email, authorities, organizationId });
      const door = authorities === 'ROLE_USER' ? '/api/auth/login' : '/employees/v1/login';
      const login = await fetch(first + door, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          authorities === 'ROLE_USER'
            ? { username: email, password: 'Test@2026pass' }
            : { email, password: 'Test@2026pass' },
        ),
      });
      assert.equal(login.status, 200, await login.clone().text());
      const headers = { 'x-auth-token': ((await login.json()) as { token: string }).token };
      const status = async (base: string, url = '/api/persons/my') =>
        (await fetch(base + url, { headers })).status;
      // Resolved, and kept, by both processes.
      for (const base of [first, second]) {
        assert.equal(await status(base), 200);
        assert.equal(await status(base), 200);
      }
      return { userId, headers, status };
    }
    /** How long until `second` answers `expected` (fails past twice the bound). */
    async function untilSecondAnswers(status: () => Promise<number>, expected: number): Promise<number> {
      const started = Date.now();
      while ((await status()) !== expected) {
        assert.ok(Date.now() - started < 2 * OTHER_PROCESS_BOUND_MS, `still not ${expected}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - started;
    }
    const withinBound = (ms: number, what: string) =>
      assert.ok(ms <= OTHER_PROCESS_BOUND_MS, `${what}: the other process took ${ms} ms`);

    const loggedOut = await signedIn();
    const logout = await fetch(`${first}/api/auth/logout`, { method: 'POST', headers: loggedOut.headers });
    assert.equal(logout.status, 204);
    assert.equal(await loggedOut.status(first), 401, 'the serving process, at once');
    withinBound(await untilSecondAnswers(() => loggedOut.status(second), 401), 'logout');

    const changedPassword = await signedIn();
    // What a password change does to the person's other sessions (auth/recovery-routes.ts).
    await scratch.db.deleteFrom('sessions').where('user_id', '=', changedPassword.userId).execute();
    withinBound(await untilSecondAnswers(() => changedPassword.status(second), 401), 'password change');

    const promoted = await signedIn();
    assert.equal(await promoted.status(second, '/api/v2/persons'), 403);
    await scratch.db
      .updateTable('users')
      .set({ authorities: 'ROLE_OWNER' })
      .where('id', '=', promoted.userId)
      .execute();
    withinBound(
      await untilSecondAnswers(() => promoted.status(second, '/api/v2/persons'), 200),
      'role change',
    );

    const deactivated = await signedIn();
    await scratch.db
      .updateTable('users')
      .set({ activated: false })
      .where('id', '=', deactivated.userId)
      .execute();
    withinBound(await untilSecondAnswers(() => deactivated.status(second), 401), 'deactivation');

    // `GET /api/persons/my` answers from the resolved caller: a new name must reach it as a role does.
    const renamed = await signedIn();
    const firstName = async () =>
      (
        (await (await fetch(`${second}/api/persons/my`, { headers: renamed.headers })).json()) as {
          firstName: string | null;
        }
      ).firstName;
    await scratch.db
      .updateTable('users')
      .set({ first_name: 'Zmieniona' })
      .where('id', '=', renamed.userId)
      .execute();
    const started = Date.now();
    while ((await firstName()) !== 'Zmieniona') {
      assert.ok(Date.now() - started < 2 * OTHER_PROCESS_BOUND_MS, 'the new name is still not shown');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    withinBound(Date.now() - started, 'name change');
  },
);
