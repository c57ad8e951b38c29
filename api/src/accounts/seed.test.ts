import assert from 'node:assert/strict';
import { test } from 'node:test';
import argon2 from 'argon2';
import { createSession } from '../auth/sessions-repository';
import { setupTestDatabase } from '../../test/helpers';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

const db = await setupTestDatabase();
const password = 'Demo@2026x';

const users = () =>
  db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'email',
      'phone',
      'authorities',
      'first_name',
      'surname',
      'activated',
      'password_hash',
      'organizations.name as organization',
    ])
    .orderBy('users.id')
    .execute();

test('an empty database gets the demo organization and one account per role', async () => {
  assert.deepEqual(await seedDemo(db, { password }), { created: true });

  const organization = await db.selectFrom('organizations').selectAll().executeTakeFirstOrThrow();
  assert.equal(organization.name, 'Demo');
  assert.equal(organization.enable_self_registration, true);
  // A project, so the demo owner can activate a form right away (§4: activation needs a project).
  const projects = await db.selectFrom('form_groups').select(['organization_id', 'name']).execute();
  assert.deepEqual(projects, [{ organization_id: organization.id, name: 'Projekt demonstracyjny' }]);

  const accounts = await users();
  assert.deepEqual(
    accounts.map(({ email, phone, authorities, first_name, surname, activated, organization }) => ({
      email,
      phone,
      authorities,
      name: `${first_name} ${surname}`,
      activated,
      organization,
    })),
    [
      {
        email: 'owner@demo.local',
        phone: null,
        authorities: 'ROLE_OWNER',
        name: 'Anna Nowak',
        activated: true,
        organization: 'Demo',
      },
      {
        email: 'lekarz@demo.local',
        phone: null,
        authorities: 'ROLE_EDITOR',
        name: 'Jan Kowalski',
        activated: true,
        organization: 'Demo',
      },
      {
        email: 'pacjent@demo.local',
        phone: '+48600100200',
        authorities: 'ROLE_USER',
        name: 'Maria Wiśniewska',
        activated: true,
        organization: 'Demo',
      },
      {
        email: 'admin@demo.local',
        phone: null,
        authorities: 'ROLE_ADMIN',
        name: 'Admin Platformy',
        activated: true,
        organization: null,
      },
    ],
  );
  for (const account of accounts) {
    assert.match(account.password_hash, /^\$argon2id\$/);
    assert.ok(await argon2.verify(account.password_hash, password));
  }
});

test('seeding again changes nothing', async () => {
  await seedDemo(db, { password });
  const before = await users();
  assert.deepEqual(await seedDemo(db, { password: 'Other@2026x' }), { created: false });
  assert.deepEqual(await users(), before);
});

test('a database with another organization is not seeded', async () => {
  await db.insertInto('organizations').values({ name: 'Przychodnia' }).execute();
  assert.deepEqual(await seedDemo(db, { password }), { created: false });
  assert.equal((await users()).length, 0);
});

test('reset recreates the demo accounts, dropping their sessions and other demo members', async () => {
  await seedDemo(db, { password });
  const [owner] = await users();
  await createSession(db, { userId: owner!.id, kind: 'employee', ttlMs: 60_000 });
  const demo = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({ organization_id: demo.id, phone: '+48600999888', password_hash: 'x', authorities: 'ROLE_USER' })
    .execute();
  await db.insertInto('organizations').values({ name: 'Przychodnia' }).execute();

  assert.deepEqual(await seedDemo(db, { password: 'Reset@2026x', reset: true }), { created: true });

  const accounts = await users();
  assert.deepEqual(
    accounts.map((account) => account.email),
    DEMO_ACCOUNTS.map((account) => account.email),
  );
  assert.ok(accounts.every((account) => account.id > owner!.id));
  assert.ok(await argon2.verify(accounts[0]!.password_hash, 'Reset@2026x'));
  assert.equal((await db.selectFrom('sessions').selectAll().execute()).length, 0);
  assert.deepEqual(
    (await db.selectFrom('organizations').select('name').orderBy('name').execute()).map((row) => row.name),
    ['Demo', 'Przychodnia'],
  );
});
