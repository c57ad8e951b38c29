import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildApp } from '../app';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { startOutboxDelivery } from '../outbox/delivery';
import { createFormGroup, createOrganization, createUser, signIn, testConfig } from '../../test/helpers';
import { openDatabases } from './database';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { APP_ROLE } from './scoped-dialect';
import { runAsSystem, runInScope, type TenantScope } from './tenant-scope';

/**
 * The database as `npm start` opens it (db/database.ts `openDatabases`): PGlite in a folder of its
 * own, or, with DATABASE_URL, a PostgreSQL database of its own (dropped afterwards). Unlike the
 * other tests' database, code outside any scope here gets what the server's does: nothing.
 */
async function openServerDatabase(): Promise<Kysely<Database>> {
  const url = process.env.DATABASE_URL;
  let options: { databaseUrl: string | undefined; appDatabaseUrl?: string; dataDir: string };
  let cleanUp: () => Promise<unknown>;
  if (url) {
    const name = `rls_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    // As the reference deployment does: the runtime role logs in itself, so its SQL cannot RESET ROLE.
    const appDatabaseUrl = new URL(databaseUrl);
    appDatabaseUrl.username = APP_ROLE;
    appDatabaseUrl.password = '';
    options = {
      databaseUrl: databaseUrl.toString(),
      appDatabaseUrl: appDatabaseUrl.toString(),
      dataDir: os.tmpdir(),
    };
    cleanUp = async () => {
      // A closed pool's connections say goodbye asynchronously: wait for them to go.
      for (let tries = 0; tries < 50; tries += 1) {
        const { rows } = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (rows.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formularze-rls-test-'));
    options = { databaseUrl: undefined, dataDir };
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }
  const databases = await openDatabases(options);
  await migrateToLatest(databases.owner);
  if (options.appDatabaseUrl) await sql`alter role ${sql.raw(APP_ROLE)} login`.execute(databases.owner);
  after(async () => {
    await databases.destroy();
    await cleanUp();
  });
  return databases.app;
}

const db = await openServerDatabase();

const tenant = (organizationId: number): { scope: TenantScope } => ({
  scope: { kind: 'tenant', organizationId },
});
const noScope = { scope: { kind: 'none' } as const };

/** Tenant tables without an `organization_id` of their own: their rows belong to a parent's organization. */
const CHILD_TABLES = [
  'sessions',
  'api_keys',
  'password_resets',
  'terms_acceptances',
  'form_allowed_users',
  'form_group_members',
  'scheduled_forms',
  'form_metadata',
  'slot_reminders',
];

interface Tenant {
  organizationId: number;
  ownerId: number;
  patientId: number;
  groupId: number;
}

let first: Tenant;
let second: Tenant;

async function createTenant(name: string): Promise<Tenant> {
  const organizationId = await createOrganization(db, { name });
  const ownerId = await createUser(db, {
    email: `owner@${name}.test`,
    authorities: 'ROLE_OWNER',
    organizationId,
  });
  const patientId = await createUser(db, {
    email: `patient@${name}.test`,
    authorities: 'ROLE_USER',
    organizationId,
  });
  const groupId = await createFormGroup(db, { organizationId, name: `Projekt ${name}` });
  await db
    .insertInto('form_group_members')
    .values({ group_id: groupId, user_id: patientId, member_since: '2026-01-01' })
    .execute();
  return { organizationId, ownerId, patientId, groupId };
}

before(() =>
  runAsSystem(async () => {
    first = await createTenant('pierwsza');
    second = await createTenant('druga');
  }),
);

test('the API runs as a role that is neither superuser, nor owner, nor exempt from row-level security', async () => {
  const role = await sql<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>`
    select current_user, rolsuper, rolbypassrls from pg_roles where rolname = current_user
  `.execute(db);
  assert.deepEqual(role.rows, [{ current_user: APP_ROLE, rolsuper: false, rolbypassrls: false }]);
  const owned = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and tableowner = current_user
  `.execute(db);
  assert.deepEqual(owned.rows, []);
});

test('every table with an organization_id, and every child table, has row-level security enabled and forced', async () => {
  const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean }>`
    select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and (
      c.relname = any(${CHILD_TABLES})
      or exists (
        select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
      )
    )
    order by c.relname
  `.execute(db);
  assert.ok(rows.length >= CHILD_TABLES.length + 10, `only ${rows.length} tenant tables found`);
  assert.deepEqual(
    rows.filter((row) => !row.enabled || !row.forced).map((row) => row.table),
    [],
  );
  const policies = await sql<{ tablename: string }>`
    select distinct tablename from pg_policies where schemaname = current_schema()
  `.execute(db);
  const withPolicy = new Set(policies.rows.map((row) => row.tablename));
  assert.deepEqual(
    rows.map((row) => row.table).filter((table) => !withPolicy.has(table)),
    [],
  );
});

test('outside any scope a query sees no tenant rows and may write none', async () => {
  await runInScope(noScope, async () => {
    assert.deepEqual(await db.selectFrom('users').select('id').execute(), []);
    assert.deepEqual(await db.selectFrom('form_groups').select('id').execute(), []);
    assert.deepEqual(await db.selectFrom('form_group_members').select('user_id').execute(), []);
    await assert.rejects(
      db.insertInto('form_groups').values({ organization_id: first.organizationId, name: 'Obcy' }).execute(),
      /row-level security/,
    );
  });
  // So does code that never entered one, as on a running server.
  assert.deepEqual(await db.selectFrom('forms').select('id').execute(), []);
  assert.equal(
    (await db.updateTable('users').set({ first_name: 'X' }).executeTakeFirst()).numUpdatedRows,
    0n,
  );
});

test("an organization's scope sees and writes only that organization's rows", async () => {
  await runInScope(tenant(first.organizationId), async () => {
    const users = await db.selectFrom('users').select('id').orderBy('id').execute();
    assert.deepEqual(
      users.map((user) => user.id),
      [first.ownerId, first.patientId],
    );
    const members = await db.selectFrom('form_group_members').select(['group_id', 'user_id']).execute();
    assert.deepEqual(members, [{ group_id: first.groupId, user_id: first.patientId }]);
    // The other organization's rows can be neither written nor reached.
    await assert.rejects(
      db.insertInto('form_groups').values({ organization_id: second.organizationId, name: 'Obcy' }).execute(),
      /row-level security/,
    );
    await assert.rejects(
      db
        .insertInto('form_group_members')
        .values({ group_id: second.groupId, user_id: first.patientId, member_since: '2026-01-01' })
        .execute(),
      /row-level security/,
    );
    await assert.rejects(
      db
        .insertInto('form_group_members')
        .values({ group_id: first.groupId, user_id: second.patientId, member_since: '2026-01-01' })
        .execute(),
      /row-level security/,
    );
    const removed = await db.deleteFrom('users').where('id', '=', second.patientId).executeTakeFirst();
    assert.equal(removed.numDeletedRows, 0n);
  });
  const bothGroups = await runAsSystem(() => db.selectFrom('form_groups').select('id').execute());
  assert.equal(bothGroups.length, 2);
});

test('a statement run many times, in turn for each organization, answers each with its own rows only', async () => {
  // On PostgreSQL each statement is prepared once per connection and, after a few runs, may keep
  // a generic plan (db/prepared-statements.ts): the scope must come from the settings at each run.
  const patientsOf = (organizationId: number) =>
    runInScope(tenant(organizationId), () =>
      db.selectFrom('users').select('id').where('authorities', '=', 'ROLE_USER').execute(),
    );
  for (let round = 0; round < 12; round += 1) {
    assert.deepEqual(await patientsOf(first.organizationId), [{ id: first.patientId }]);
    assert.deepEqual(await patientsOf(second.organizationId), [{ id: second.patientId }]);
  }
  assert.deepEqual(
    await runInScope(noScope, () =>
      db.selectFrom('users').select('id').where('authorities', '=', 'ROLE_USER').execute(),
    ),
    [],
  );
});

test('an outbox message is its writing organization’s; the delivery (system) sees every one', async () => {
  const write = (recipient: string) =>
    db.insertInto('outbox').values({ recipient, channel: 'mail', subject: 'Temat', body: 'Treść' }).execute();
  await runInScope(tenant(first.organizationId), () => write('a@pierwsza.test'));
  await runInScope(tenant(second.organizationId), () => write('b@druga.test'));
  const seenByFirst = await runInScope(tenant(first.organizationId), () =>
    db.selectFrom('outbox').select(['recipient', 'organization_id']).execute(),
  );
  assert.deepEqual(seenByFirst, [{ recipient: 'a@pierwsza.test', organization_id: first.organizationId }]);
  const seenBySystem = await runAsSystem(() => db.selectFrom('outbox').select('recipient').execute());
  assert.equal(seenBySystem.length, 2);
});

test('the outbox delivery started as the server starts it works in the system scope', async () => {
  await runInScope(tenant(second.organizationId), () =>
    db
      .insertInto('outbox')
      .values({ recipient: 'c@druga.test', channel: 'mail', subject: 'Temat', body: 'Treść' })
      .execute(),
  );
  const sent: string[] = [];
  const quiet = { info: () => {}, warn: () => {} };
  const stop = startOutboxDelivery(db, {
    transport: { send: async (message) => (sent.push(message.recipient), 'sent') },
    clock: () => new Date(),
    logger: quiet,
    intervalMs: 50,
  });
  for (let tries = 0; tries < 100 && !sent.includes('c@druga.test'); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  assert.ok(sent.includes('c@druga.test'), `sent: ${sent.join(', ')}`);
});

test("a request runs in its person's organization, also after its body was read", async (t) => {
  const config = await testConfig({ databaseUrl: undefined });
  const app = await buildApp({ db, config });
  t.after(() => app.close());
  const headers = await signIn(app, { email: 'owner@pierwsza.test' });

  const members = await app.inject({ method: 'GET', url: '/api/v2/persons', headers });
  assert.equal(members.statusCode, 200);
  const ids = members.json<{ content: { id: number }[] }>().content.map((person) => person.id);
  assert.deepEqual(ids.toSorted(), [first.ownerId, first.patientId].toSorted());

  // Over a real socket: its body arrives in the socket's callbacks, not in the request's context.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const created = await fetch(`${address}/api/form_group`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Projekt z żądania' }),
  });
  const body = await created.text();
  assert.equal(created.status, 201, body);
  const row = await runAsSystem(() =>
    db
      .selectFrom('form_groups')
      .select('organization_id')
      .where('id', '=', (JSON.parse(body) as { id: number }).id)
      .executeTakeFirstOrThrow(),
  );
  assert.equal(row.organization_id, first.organizationId);
});

test('SQL the runtime role runs cannot widen its scope by changing the settings', async () => {
  const settings = sql<{ scope: string; organization: string; seal: string }>`
    select current_setting('app.scope') as scope, current_setting('app.organization_id') as organization,
      current_setting('app.scope_seal') as seal
  `;
  await runInScope(tenant(first.organizationId), () =>
    db.connection().execute(async (connection) => {
      assert.equal(
        (await sql<{ role: string }>`select current_user as role`.execute(connection)).rows[0]?.role,
        APP_ROLE,
      );
      const sealed = (await settings.execute(connection)).rows[0]!;
      const visible = async () =>
        (await connection.selectFrom('users').select('organization_id').execute()).map(
          (user) => user.organization_id,
        );
      assert.deepEqual(new Set(await visible()), new Set([first.organizationId]));
      const forge = (name: string, value: string) =>
        sql`select set_config(${name}, ${value}, false)`.execute(connection);
      try {
        await forge('app.scope', 'system');
        assert.deepEqual(await visible(), [], 'system scope forged');
        await forge('app.scope', 'tenant');
        await forge('app.organization_id', String(second.organizationId));
        assert.deepEqual(await visible(), [], "another organization's scope forged");
        // Nor can a seal be made without the key, which the role may not read.
        await assert.rejects(
          sql`select key from formularze_scope_key`.execute(connection),
          /permission denied/,
        );
        // Nor through the function the scope checks read it with (migration 0074).
        await assert.rejects(
          sql`select formularze_scope_key_value()`.execute(connection),
          /permission denied/,
        );
        await forge('app.scope_seal', '');
        await forge('app.scope', 'system');
        await forge('app.organization_id', '');
        assert.deepEqual(await visible(), []);
        assert.equal(
          (
            await connection
              .selectFrom('form_groups')
              .select('id')
              .where('organization_id', '=', second.organizationId)
              .execute()
          ).length,
          0,
        );
      } finally {
        // The connection goes back to the pool as it was lent.
        await forge('app.scope', sealed.scope);
        await forge('app.organization_id', sealed.organization);
        await forge('app.scope_seal', sealed.seal);
      }
      assert.deepEqual(new Set(await visible()), new Set([first.organizationId]));
    }),
  );
});
