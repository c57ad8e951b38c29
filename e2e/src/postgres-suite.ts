import { after } from 'node:test';
import pg from 'pg';
import type { startProduct } from './product.js';
import { productAndBrowserForSuite } from './suite.js';

/**
 * The product on a PostgreSQL database of its own, for tests that move time on the server with
 * SQL (a slot's window into the past), which the embedded PGlite (one process only) does not allow
 * beside the running server. The database is made before the file's tests and dropped after them.
 */
const SERVER_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type PostgresSuite =
  | {
      unreachable: null;
      suite: ReturnType<typeof productAndBrowserForSuite>;
      /** Runs `work` on the product's database as its owner (row-level security does not apply). */
      withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
    }
  | { unreachable: string; suite: null; withDatabase: null };

/** `name` tells the database apart (`e2e_<name>_<pid>`); `env` is passed to the server as in `startProduct`. */
export async function productOnItsOwnPostgres(
  name: string,
  env: NonNullable<Parameters<typeof startProduct>[0]>['env'] = {},
): Promise<PostgresSuite> {
  const database = `e2e_${name}_${process.pid}`;
  const unreachable = await withClient(SERVER_URL, (client) =>
    client.query(`create database ${database}`),
  ).then(
    () => null,
    (error: Error) => `PostgreSQL is not reachable at ${SERVER_URL}: ${error.message}`,
  );
  if (unreachable) return { unreachable, suite: null, withDatabase: null };
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${database}`;
  const suite = productAndBrowserForSuite({ env: { ...env, DATABASE_URL: databaseUrl.href } });
  // Registered after the suite's own hook, so the server has stopped; FORCE ends any connection left.
  after(() =>
    withClient(SERVER_URL, (client) => client.query(`drop database if exists ${database} with (force)`)),
  );
  return {
    unreachable: null,
    suite,
    withDatabase: (work) => withClient(databaseUrl.href, work),
  };
}
