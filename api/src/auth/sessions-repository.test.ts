import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOrganization, createUser, setupTestDatabase } from '../../test/helpers';
import { createSession, findSession } from './sessions-repository';

const db = await setupTestDatabase();

async function aSession() {
  const organizationId = await createOrganization(db);
  const userId = await createUser(db, { email: 'anna@example.pl', authorities: 'ROLE_USER', organizationId });
  const token = await createSession(db, { userId, kind: 'patient', ttlMs: 3_600_000 });
  const lastSeen = async () =>
    (await db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at.getTime();
  const setLastSeen = (msAgo: number) =>
    db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - msAgo) })
      .execute();
  return { token, userId, lastSeen, setLastSeen };
}

describe('findSession: when the session was last seen', () => {
  it('is written at most once a minute, not on every request', async () => {
    const { token, userId, lastSeen, setLastSeen } = await aSession();
    await setLastSeen(30_000);
    const before = await lastSeen();
    const found = await findSession(db, token, ['patient']);
    assert.equal(found?.userId, userId);
    assert.equal(await lastSeen(), before);

    await setLastSeen(90_000);
    await findSession(db, token, ['patient']);
    assert.ok(Date.now() - (await lastSeen()) < 5_000);
  });

  it('finds nothing for another kind of session', async () => {
    const { token } = await aSession();
    assert.equal(await findSession(db, token, ['employee']), undefined);
  });
});
