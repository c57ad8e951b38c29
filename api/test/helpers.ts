import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, beforeEach } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { savedFormRef, type FormPayload } from '@formularze/domain/schemas/forms';
import type { FastifyInstance } from 'fastify';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/accounts/passwords';
import { loadConfig, type Config } from '../src/core/config';
import { migrateToLatest } from '../src/db/migrate';
import { migrationProvider } from '../src/db/migrations';
import { APP_ROLE, scopedDialect } from '../src/db/scoped-dialect';
import type { Database } from '../src/db/schema';
import { countingDialect } from './statement-counter';

const pgliteDb = (pglite: PGlite) => new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });

/**
 * The API's database as the tests see it: the runtime role under row-level security, like the
 * server, except that code outside any scope (a test inserting its rows) sees every tenant.
 * Requests through `app.inject` still run in their own scopes.
 */
const TEST_FALLBACK_SCOPE = { kind: 'system' } as const;

/**
 * A migrated PGlite data directory, as a tarball cached in the temp folder. Creating a PGlite from
 * scratch takes 5 s or more on a busy machine; loading this takes about one.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const migrations = await migrationProvider.getMigrations();
  const pglitePackage = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const key = createHash('sha256')
    .update(await readFile(pglitePackage))
    .update(
      Object.entries(migrations)
        .map(([name, migration]) => `${name}:${migration.up.toString()}`)
        .join(),
    )
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `formularze-api-test-pglite-${key}.tar.gz`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);

  const pglite = new PGlite();
  const db = pgliteDb(pglite);
  await migrateToLatest(db);
  const template = await pglite.dumpDataDir('gzip');
  await db.destroy();
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await template.arrayBuffer()));
  await rename(partial, file);
  return template;
}

/**
 * Tests run against a real database: an in-memory PGlite, or the PostgreSQL server of
 * `DATABASE_URL` (in a schema of its own, dropped afterwards). It is created and migrated once per
 * test file (each file is its own process) and emptied before every test.
 */
async function createDatabase(): Promise<{ db: Kysely<Database>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = new PGlite({ loadDataDir: await migratedPgliteTemplate() });
    const db = new Kysely<Database>({
      dialect: scopedDialect(countingDialect(new PGliteDialect({ pglite })), {
        role: APP_ROLE,
        singleConnection: true,
        fallbackScope: TEST_FALLBACK_SCOPE,
      }),
    });
    return { db, drop: () => db.destroy() };
  }
  const schema = `test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const options = `-c search_path=${schema}`;
  const owner = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, options, max: 1 }) }),
  });
  await migrateToLatest(owner);
  await owner.destroy();
  const pool = new pg.Pool({ connectionString: url, options });
  const db = new Kysely<Database>({
    dialect: scopedDialect(countingDialect(new PostgresDialect({ pool })), {
      role: APP_ROLE,
      fallbackScope: TEST_FALLBACK_SCOPE,
    }),
  });
  return {
    db,
    async drop() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * `work` on one connection of the test database as the tables' owner (the test server's superuser),
 * for what the runtime role may not do: emptying tables, migrating.
 */
export async function asOwner<T>(
  db: Kysely<Database>,
  work: (owner: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`reset role`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`set role ${sql.raw(APP_ROLE)}`.execute(connection);
    }
  });
}

let shared: Promise<Kysely<Database>> | undefined;

export async function truncateAll(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%'
      and tablename <> 'formularze_scope_key'
  `.execute(db);
  const tables = rows.map((row) => `"${row.tablename}"`).join(', ');
  await asOwner(db, (owner) =>
    sql`truncate table ${sql.raw(tables)} restart identity cascade`.execute(owner),
  );
}

/** The file's migrated database, emptied before each of its tests. */
export function setupTestDatabase(): Promise<Kysely<Database>> {
  shared ??= (async () => {
    const { db, drop } = await createDatabase();
    beforeEach(() => truncateAll(db));
    after(drop);
    return db;
  })();
  return shared;
}

/** For a test that needs a PostgreSQL server: `false` with DATABASE_URL set, else why it is skipped (`why` PGlite will not do). */
export const skipUnlessPostgres = (why: string) =>
  process.env.DATABASE_URL ? false : `needs a PostgreSQL server (DATABASE_URL): ${why}`;

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** Temporary folders for one test file (data, deployments, shell build), removed after it. */
export async function testConfig(overrides: Partial<Config> = {}): Promise<Config> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'formularze-api-test-'));
  after(() => rm(root, { recursive: true, force: true }));
  const config: Config = {
    ...loadConfig({}),
    dataDir: path.join(root, 'data'),
    deploymentsDir: path.join(root, 'deployments'),
    mediaDir: path.join(root, 'media'),
    builtInHelpDir: path.join(root, 'built-in-help'),
    uploadsDir: path.join(root, 'data', 'uploads'),
    shellDist: path.join(root, 'shell-dist'),
    logFile: path.join(root, 'data', 'logs', 'api.log'),
    databaseUrl: process.env.DATABASE_URL,
    ...overrides,
  };
  await mkdir(config.deploymentsDir, { recursive: true });
  await mkdir(config.dataDir, { recursive: true });
  return config;
}

/**
 * The app on the test database, with a known operator token, reading the time from `clock` when
 * given (so a file can move its own "now"); closed after the file.
 */
export async function setupTestApp(
  db: Kysely<Database>,
  overrides: Partial<Config> = {},
  { clock }: { clock?: () => Date } = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = await testConfig(overrides);
  const app = await buildApp({ db, config, operatorToken: OPERATOR_TOKEN, clock });
  after(() => app.close());
  return { app, config };
}

/** The file's test database (as setupTestDatabase) and the app on it (as setupTestApp, with the same options). */
export async function setupDatabaseAndApp(
  overrides: Partial<Config> = {},
  options: { clock?: () => Date } = {},
): Promise<{ db: Kysely<Database>; app: FastifyInstance; config: Config }> {
  const db = await setupTestDatabase();
  return { db, ...(await setupTestApp(db, overrides, options)) };
}

export const TEST_PASSWORD = 'Test@2026pass';

export interface TestUser {
  email?: string;
  phone?: string;
  authorities: string;
  activated?: boolean;
  organizationId?: number | null;
  firstName?: string;
  surname?: string;
}

/** A user whose password is TEST_PASSWORD. */
export async function createUser(
  db: Kysely<Database>,
  { email, phone, authorities, activated = true, organizationId = null, firstName, surname }: TestUser,
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      phone,
      authorities,
      activated,
      organization_id: organizationId,
      first_name: firstName,
      surname,
      password_hash: await hashPassword(TEST_PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function createOrganization(
  db: Kysely<Database>,
  {
    name = 'Przychodnia',
    editorsCanManageForms = false,
    editorsCanManageUsers = false,
  }: { name?: string; editorsCanManageForms?: boolean; editorsCanManageUsers?: boolean } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('organizations')
    .values({
      name,
      editors_can_manage_forms: editorsCanManageForms,
      editors_can_manage_users: editorsCanManageUsers,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Terms of `organizationId`, in force from `activeSince` (a day ago unless given). */
export async function createTerms(
  db: Kysely<Database>,
  {
    organizationId,
    name = 'Regulamin',
    filePath = `terms/${organizationId}/regulamin.pdf`,
    activeSince = new Date(Date.now() - 24 * 60 * 60 * 1000),
    removedAt = null,
  }: {
    organizationId: number;
    name?: string;
    filePath?: string;
    activeSince?: Date;
    removedAt?: Date | null;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('terms')
    .values({
      organization_id: organizationId,
      name,
      file_path: filePath,
      active_since: activeSince,
      removed_at: removedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Headers of a person signed in through the patient door (`/api/auth/login`, by `username` or
 * `phone`) or the staff door (`/employees/v1/login`, by `email`), with TEST_PASSWORD.
 */
export async function signIn(
  app: FastifyInstance,
  login: { username: string } | { phone: string } | { email: string },
): Promise<Record<string, string>> {
  const url = 'email' in login ? '/employees/v1/login' : '/api/auth/login';
  const response = await app.inject({ method: 'POST', url, payload: { ...login, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { 'x-auth-token': response.json<{ token: string }>().token };
}

/** A signed-in super-admin's headers. */
export async function superAdminHeaders(
  app: FastifyInstance,
  db: Kysely<Database>,
): Promise<Record<string, string>> {
  const email = 'root@platform.test';
  await createUser(db, { email, authorities: 'ROLE_ADMIN' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login-owner',
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`super-admin login failed: ${response.body}`);
  return { 'x-auth-token': response.json<{ token: string }>().token };
}

/** A live project (form group) of `organizationId`. */
export async function createFormGroup(
  db: Kysely<Database>,
  { organizationId, name = 'Projekt' }: { organizationId: number; name?: string },
): Promise<number> {
  const { id } = await db
    .insertInto('form_groups')
    .values({ organization_id: organizationId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

let freshClients = 0;

/**
 * A client address no request of this file came from yet, for requests that a per-address rate
 * limit would otherwise refuse.
 */
export function freshClientAddress(): string {
  freshClients += 1;
  return `10.${(freshClients >> 16) & 255}.${(freshClients >> 8) & 255}.${freshClients & 255}`;
}

/**
 * `signIn` from a new client address each time, for files that sign in more people than
 * AUTH_RATE_LIMIT lets one address do in a minute.
 */
export async function signInFromNewAddress(
  app: FastifyInstance,
  login: { username: string } | { phone: string } | { email: string },
): Promise<Record<string, string>> {
  const url = 'email' in login ? '/employees/v1/login' : '/api/auth/login';
  const response = await app.inject({
    method: 'POST',
    url,
    payload: { ...login, password: TEST_PASSWORD },
    remoteAddress: freshClientAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { 'x-auth-token': response.json<{ token: string }>().token };
}

/**
 * An organization (`editorsCanManageForms` as given) with an owner, an editor and a patient, each
 * signed in; their e-mails are `owner@`, `editor@` and `patient@` the lower-cased name `.test`.
 */
export async function organizationWithSignedInRoles(
  app: FastifyInstance,
  db: Kysely<Database>,
  name: string,
  { editorsCanManageForms = false } = {},
) {
  const organizationId = await createOrganization(db, { name, editorsCanManageForms });
  const slug = name.toLowerCase();
  await createUser(db, { email: `owner@${slug}.test`, authorities: 'ROLE_OWNER', organizationId });
  await createUser(db, { email: `editor@${slug}.test`, authorities: 'ROLE_EDITOR', organizationId });
  await createUser(db, { email: `patient@${slug}.test`, authorities: 'ROLE_USER', organizationId });
  return {
    organizationId,
    owner: await signInFromNewAddress(app, { email: `owner@${slug}.test` }),
    editor: await signInFromNewAddress(app, { email: `editor@${slug}.test` }),
    patient: await signInFromNewAddress(app, { username: `patient@${slug}.test` }),
  };
}

/**
 * A form `owner` creates through the API, made active in project `groupId` (in none when null) and
 * selected for the people `selected` from 1 June 2026.
 */
export async function activeFormSelectedFor(
  app: FastifyInstance,
  db: Kysely<Database>,
  owner: Record<string, string>,
  payload: FormPayload,
  { groupId, selected }: { groupId: number | null; selected: number[] },
): Promise<number> {
  const created = await app.inject({ method: 'POST', url: '/api/forms', headers: owner, payload });
  assert.equal(created.statusCode, 201, created.body);
  const { id } = savedFormRef.parse(created.json());
  await db.updateTable('forms').set({ group_id: groupId, status: 'ACTIVE' }).where('id', '=', id).execute();
  for (const userId of selected) {
    await db
      .insertInto('form_allowed_users')
      .values({ form_id: id, user_id: userId, valid_since: '2026-06-01', valid_to: null })
      .execute();
  }
  return id;
}

/** The patients `projectTeam` may add, by their e-mail's local part. */
const TEAM_PATIENTS = {
  anna: { firstName: 'Anna', surname: 'Adamska' },
  bartek: { firstName: 'Bartek', surname: 'Borowski' },
} as const;

/**
 * The organization `name` with its project `Projekt <name>`, an owner, an editor and the
 * `patients` (ids by role or patient); logins `<who>@<lower-cased name>.test`. The owner, the
 * editor and Anna are signed in.
 */
export async function projectTeam<Patient extends keyof typeof TEAM_PATIENTS>(
  app: FastifyInstance,
  db: Kysely<Database>,
  name: string,
  patients: readonly Patient[],
) {
  const organizationId = await createOrganization(db, { name });
  const slug = name.toLowerCase();
  const person = (local: string, authorities: string, names: { firstName?: string; surname?: string } = {}) =>
    createUser(db, { email: `${local}@${slug}.test`, authorities, organizationId, ...names });
  const ids = {
    owner: await person('owner', 'ROLE_OWNER'),
    editor: await person('editor', 'ROLE_EDITOR'),
  } as Record<'owner' | 'editor' | Patient, number>;
  for (const patient of patients) ids[patient] = await person(patient, 'ROLE_USER', TEAM_PATIENTS[patient]);
  return {
    organizationId,
    ids,
    groupId: await createFormGroup(db, { organizationId, name: `Projekt ${name}` }),
    owner: await signInFromNewAddress(app, { email: `owner@${slug}.test` }),
    editor: await signInFromNewAddress(app, { email: `editor@${slug}.test` }),
    anna: await signInFromNewAddress(app, { username: `anna@${slug}.test` }),
  };
}
