import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

export function databaseKind({ databaseUrl }: Pick<DatabaseOptions, 'databaseUrl'>): DatabaseKind {
  return databaseUrl ? 'postgres' : 'pglite';
}

/**
 * A PostgreSQL server when `databaseUrl` is set, else an embedded PGlite persisted under
 * `dataDir/pglite`. PGlite is single-process: nothing else may open that folder meanwhile.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  if (options.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl }) }),
    });
  }
  const dir = path.join(options.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite(dir) }) });
}
