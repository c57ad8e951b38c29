// What the metrics cost each request: the same minimal route answered through `app.inject`, in one
// process and without a network, by a Fastify app with and without the API's metrics plugin
// (api/src/metrics), alternating rounds so that the machine's load falls on both alike.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { Kysely, PGliteDialect } from 'kysely';
import type { Database } from '../../api/src/db/schema';
import { metricsPlugin } from '../../api/src/metrics';

const REQUESTS_PER_ROUND = 5_000;
const ROUNDS = 12;

async function appWith(metrics: boolean, db: Kysely<Database>) {
  const app = Fastify();
  if (metrics) await app.register(metricsPlugin, { db, operatorToken: 'bench' });
  app.get('/api/version', async () => ({ version: 'bench' }));
  await app.ready();
  return app;
}

async function microsecondsPerRequest(app: Awaited<ReturnType<typeof appWith>>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let request = 0; request < REQUESTS_PER_ROUND; request++) await app.inject({ url: '/api/version' });
  return Number(process.hrtime.bigint() - started) / 1000 / REQUESTS_PER_ROUND;
}

/** The fastest round: the one other work on the machine disturbed least. */
const fastest = (values: number[]) => Math.min(...values);

/** Microseconds a request takes without and with the metrics plugin (the fastest of the rounds). */
export async function measureMetricsCost(): Promise<{ without: number; with: number }> {
  // The plugin reads the database only when scraped: an empty one will do.
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  const bare = await appWith(false, db);
  const measured = await appWith(true, db);
  const without: number[] = [];
  const withMetrics: number[] = [];
  try {
    await microsecondsPerRequest(bare);
    await microsecondsPerRequest(measured);
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await microsecondsPerRequest(bare));
      withMetrics.push(await microsecondsPerRequest(measured));
    }
  } finally {
    await Promise.all([bare.close(), measured.close(), db.destroy()]);
  }
  return { without: fastest(without), with: fastest(withMetrics) };
}
