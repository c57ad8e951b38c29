import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Readiness } from '@formularze/domain/schemas';
import { migrationProvider } from '../db/migrations';
import type { Database } from '../db/schema';
import { runAsSystem } from '../db/tenant-scope';
import { errorBody } from '../core/http/error-handler';

/** Whether the database answers and has run every migration this code expects. */
export async function checkReadiness(db: Kysely<Database>): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const { rows } = await runAsSystem(() =>
      sql<{ name: string }>`select name from kysely_migration`.execute(db),
    );
    applied = new Set(rows.map((row) => row.name));
  } catch {
    return { status: 'not-ready', reason: 'database-unreachable' };
  }
  const expected = Object.keys(await migrationProvider.getMigrations());
  const pendingMigrations = expected.filter((name) => !applied.has(name));
  return pendingMigrations.length
    ? { status: 'not-ready', reason: 'migrations-pending', pendingMigrations }
    : { status: 'ready' };
}

/** What a process that is not ready still answers: its probes. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * While the last check (every `intervalMs`) found the process not ready, every request but the
 * probes gets 503 `not-ready`: the proxy in front (deploy/nginx.conf.template) then retries an
 * idempotent request on another process and stops sending this one traffic for a while.
 */
export const readinessGate = fp<{ db: Kysely<Database>; intervalMs: number }>(
  async (app: FastifyInstance, { db, intervalMs }) => {
    let state: Readiness = await checkReadiness(db);
    let timer: NodeJS.Timeout | undefined;
    const watch = () => {
      timer = setTimeout(async () => {
        const next = await checkReadiness(db);
        if (next.status !== state.status) {
          if (next.status === 'ready') app.log.info('ready: taking requests again');
          else app.log.warn({ readiness: next }, 'not ready: refusing requests until it is');
        }
        state = next;
        watch();
      }, intervalMs);
      timer.unref();
    };
    watch();
    app.addHook('onClose', async () => clearTimeout(timer));

    app.addHook('onRequest', async (request, reply) => {
      if (state.status === 'ready' || PROBES.has(request.routeOptions.url ?? '')) return;
      return reply
        .status(503)
        .header('retry-after', String(Math.ceil(intervalMs / 1000)))
        .send(
          errorBody(503, 'Serwer nie jest jeszcze gotowy. Spróbuj ponownie za chwilę.', {
            code: 'not-ready',
          }),
        );
    });
  },
  { name: 'readiness-gate' },
);
