// The PostgreSQL database a deployment (or a benchmark) runs on, created through the server's
// `postgres` maintenance database when it does not exist yet.
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/formularze';

function maintenanceClient(databaseUrl: string): { client: pg.Client; quotedName: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error(`${databaseUrl} names no database`);
  url.pathname = '/postgres';
  return {
    client: new pg.Client({ connectionString: url.toString() }),
    name,
    quotedName: `"${name.replaceAll('"', '""')}"`,
  };
}

/** Creates the database when missing; answers whether it did. `fresh` drops it first. */
export async function ensureDatabase(databaseUrl: string, { fresh = false } = {}): Promise<boolean> {
  const { client, name, quotedName } = maintenanceClient(databaseUrl);
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${quotedName} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database ${quotedName}`);
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { client, quotedName } = maintenanceClient(databaseUrl);
  await client.connect();
  try {
    await client.query(`drop database if exists ${quotedName} with (force)`);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at that address (for skipping what needs one). */
export async function postgresAnswers(databaseUrl: string): Promise<boolean> {
  const { client } = maintenanceClient(databaseUrl);
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The API's runtime role (api/src/db/scoped-dialect.ts APP_ROLE), which the migrations grant. */
const APP_ROLE = 'formularze_app';

/**
 * Lets the API's runtime role log in with `password` (creating it, as the migrations would, when
 * missing) and answers the database address to log in as it (APP_DATABASE_URL). Logged in as
 * itself, neither superuser nor owner, its SQL can no more `RESET ROLE` to the owner than widen
 * its row-level security scope (migration 0040).
 */
export async function ensureAppLogin(databaseUrl: string, password: string): Promise<string> {
  const { client } = maintenanceClient(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ literal: string }>('select quote_literal($1) as literal', [
      password,
    ]);
    const literal = rows[0]!.literal;
    await client.query(`
      do $$ begin
        create role ${APP_ROLE} login password ${literal};
      exception when duplicate_object or unique_violation then
        alter role ${APP_ROLE} login password ${literal};
      end $$`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  url.username = APP_ROLE;
  url.password = encodeURIComponent(password);
  return url.toString();
}
