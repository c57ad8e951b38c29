import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { reportStatement, watchPool } from './database-activity';
import { preparingClient } from './prepared-statements';
import { APP_ROLE, SCOPE_KEY_QUERY, scopedDialect } from './scoped-dialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: connections per pool (`DEFAULT_POOL_SIZE` unless set). */
  databasePoolSize?: number | undefined;
}

export interface AppDatabaseOptions extends DatabaseOptions {
  /** PostgreSQL only: log in as the runtime role rather than `SET ROLE` on the owner's connections. */
  appDatabaseUrl?: string | undefined;
}

export function databaseKind({ databaseUrl }: Pick<DatabaseOptions, 'databaseUrl'>): DatabaseKind {
  return databaseUrl ? 'postgres' : 'pglite';
}

/** The two ways into one database: as the tables' owner, and as the API's runtime role. */
export interface Databases {
  /**
   * As the owner (who connects): migrations and the seed, before `app` is first used. With PGlite
   * both share its one connection, which `app` turns into the runtime role for good.
   */
  owner: Kysely<Database>;
  /** As `formularze_app`, under row-level security: every query of the running API. */
  app: Kysely<Database>;
  destroy(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return new PGlite(dir);
}

/**
 * Connections per pool of each API process, unless `DATABASE_POOL_SIZE` says otherwise (ADR 425).
 * A signed-in read holds one for one or two statements (bench/README.md), so five keep a process's
 * queries flowing at 50 concurrent requests. More backends than the server has cores to run them
 * only take turns: on the 2-core benchmark machine, ten a process cost PostgreSQL 11–35 % more CPU
 * a read than five, one process or two, and the same a save.
 */
const DEFAULT_POOL_SIZE = 5;

/**
 * Without the JIT compiler: the API's reads are short, but row-level security's subplans inflate
 * their cost estimates past `jit_above_cost`, and compiling then costs more than it saves (the
 * adherence grid spent 100 of its 300 ms compiling; bench/README.md).
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

/** A pool whose state the metrics read under `name` (db/database-activity.ts). */
function postgresDialect(connectionString: string, name: string, size = DEFAULT_POOL_SIZE) {
  const pool = new pg.Pool({
    connectionString,
    max: size,
    Client: preparingClient(),
    options: POSTGRES_SESSION_OPTIONS,
  });
  watchPool(name, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return new PostgresDialect({ pool });
}

/**
 * A PostgreSQL server when `databaseUrl` is set, else an embedded PGlite persisted under
 * `dataDir/pglite`. PGlite is single-process: nothing else may open that folder meanwhile.
 * Connects as the owner, in whatever tenant scope the caller runs (`runAsSystem` for the CLI).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  if (options.databaseUrl) {
    return new Kysely<Database>({
      dialect: scopedDialect(postgresDialect(options.databaseUrl, 'owner', options.databasePoolSize)),
    });
  }
  const pglite = await openPglite(options.dataDir);
  return new Kysely<Database>({
    dialect: scopedDialect(new PGliteDialect({ pglite }), { singleConnection: true }),
  });
}

/**
 * The owner's database for migrating and seeding, and the runtime role's for everything after.
 * Every query of `app` runs as `formularze_app` in the tenant scope of the code that makes it
 * (db/tenant-scope.ts); outside any scope it sees no tenant rows.
 */
export async function openDatabases(options: AppDatabaseOptions): Promise<Databases> {
  if (options.databaseUrl) {
    const owner = new Kysely<Database>({
      dialect: scopedDialect(postgresDialect(options.databaseUrl, 'owner', options.databasePoolSize)),
    });
    const app = new Kysely<Database>({
      log: reportStatement,
      dialect: scopedDialect(
        postgresDialect(options.appDatabaseUrl ?? options.databaseUrl, 'app', options.databasePoolSize),
        {
          ...(options.appDatabaseUrl
            ? // Its own login may not read the key: the owner's connection does, once migrated.
              { scopeKey: async () => (await owner.executeQuery(SCOPE_KEY_QUERY)).rows[0]?.key ?? '' }
            : { role: APP_ROLE }),
        },
      ),
    });
    return { owner, app, destroy: async () => void (await Promise.all([app.destroy(), owner.destroy()])) };
  }
  const pglite = await openPglite(options.dataDir);
  const owner = new Kysely<Database>({
    dialect: scopedDialect(new PGliteDialect({ pglite }), { singleConnection: true }),
  });
  const app = new Kysely<Database>({
    log: reportStatement,
    dialect: scopedDialect(new PGliteDialect({ pglite }), { role: APP_ROLE, singleConnection: true }),
  });
  // Destroying either closes the one PGlite; closing it twice is a no-op.
  return { owner, app, destroy: () => app.destroy() };
}
