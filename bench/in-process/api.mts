// The API in this process, on the database a benchmark measures, as the server runs it: migrated
// by the owner, queried as formularze_app under row-level security (db/scoped-dialect.ts), through
// the whole Fastify pipeline (`app.inject`), with one organization and its signed-in owner. The
// seeding a benchmark does outside any request runs in the system scope.
// PGlite in memory, or with DATABASE_URL a PostgreSQL schema of its own, dropped by close().
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../api/src/app.ts';
import { hashPassword } from '../../api/src/accounts/passwords.ts';
import { loadConfig } from '../../api/src/core/config.ts';
import { POSTGRES_SESSION_OPTIONS } from '../../api/src/db/database.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { preparingClient } from '../../api/src/db/prepared-statements.ts';
import type { Database } from '../../api/src/db/schema.ts';
import { APP_ROLE, scopedDialect } from '../../api/src/db/scoped-dialect.ts';

export const onPostgres = Boolean(process.env.DATABASE_URL);

const asApp = (dialect: Dialect) =>
  new Kysely<Database>({
    dialect: scopedDialect(dialect, {
      role: APP_ROLE,
      singleConnection: !onPostgres,
      fallbackScope: { kind: 'system' },
    }),
  });

async function openDatabase(name: string): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (!onPostgres) {
    const pglite = new PGlite();
    await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }));
    const db = asApp(new PGliteDialect({ pglite }));
    return { db, close: () => db.destroy() };
  }
  const schema = `bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pool = () =>
    new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      // As the API's pools (db/database.ts).
      options: `${POSTGRES_SESSION_OPTIONS} -c search_path=${schema}`,
      Client: preparingClient(),
    });
  const owner = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool() }) });
  await migrateToLatest(owner);
  await owner.destroy();
  const db = asApp(new PostgresDialect({ pool: pool() }));
  return {
    db,
    async close() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** `name` names the PostgreSQL schema (`bench_<name>_<pid>`). */
export async function startApiInProcess(name: string) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'formularze-bench-'));
  const { db, close } = await openDatabase(name);
  const app = await buildApp({
    db,
    config: {
      ...loadConfig({}),
      dataDir: path.join(root, 'data'),
      deploymentsDir: path.join(root, 'deployments'),
      mediaDir: path.join(root, 'media'),
      shellDist: path.join(root, 'shell'),
      logFile: path.join(root, 'api.log'),
    },
  });

  const { id: organizationId } = await db
    .insertInto('organizations')
    .values({ name: 'Pomiar' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const password = 'Bench@2026pass';
  await db
    .insertInto('users')
    .values({
      email: 'owner@bench.test',
      authorities: 'ROLE_OWNER',
      activated: true,
      organization_id: organizationId,
      password_hash: await hashPassword(password),
    })
    .execute();
  const login = await app.inject({
    method: 'POST',
    url: '/employees/v1/login',
    payload: { email: 'owner@bench.test', password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const headers = { 'x-auth-token': login.json<{ token: string }>().token };

  return {
    db,
    app,
    organizationId,
    /** The owner's session. */
    headers,
    /** `count` patients of the organization, `pacjent<n>@bench.test` named `Pacjent Nr 0001`…, without a usable password. */
    insertPatients: (count: number) =>
      sql`
        insert into users (organization_id, email, first_name, surname, password_hash, authorities, activated)
        select ${organizationId}, 'pacjent' || n || '@bench.test', 'Pacjent', 'Nr ' || lpad(n::text, 4, '0'), 'x',
               'ROLE_USER', true
        from generate_series(1, ${count}::int) as n`.execute(db),
    /** Statistics are the owner's to gather: one connection, back to the runtime role afterwards. */
    analyze: (table?: 'form_data' | 'scheduled_forms') =>
      db.connection().execute(async (connection) => {
        await sql`reset role`.execute(connection);
        await sql`analyze ${table ? sql.table(table) : sql``}`.execute(connection);
        await sql`set role ${sql.raw(APP_ROLE)}`.execute(connection);
      }),
    async stop() {
      await app.close();
      await close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Milliseconds `work` took. */
export const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** The `p` quantile (0–1) of `values`, nearest rank. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
