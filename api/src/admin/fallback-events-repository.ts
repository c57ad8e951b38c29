import type { Kysely } from 'kysely';
import type { RemoteName } from '@formularze/domain/schemas';
import type { FallbackEvent, FallbackEventReport } from '@formularze/domain/schemas/admin';
import type { Database } from '../db/schema';

/** Reports older than this are dropped: the panel is about what breaks now. */
export const FALLBACK_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const USER_AGENT_MAX_LENGTH = 500;

export async function recordFallbackEvent(
  db: Kysely<Database>,
  { remote, from, to }: FallbackEventReport,
  userAgent: string | undefined,
  now: Date,
): Promise<void> {
  await db
    .insertInto('remote_fallback_events')
    .values({
      remote,
      from_version: from,
      to_version: to,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
      occurred_at: now,
    })
    .execute();
  // Pruned on write, so a public endpoint cannot grow the table without bound over time.
  await db
    .deleteFrom('remote_fallback_events')
    .where('occurred_at', '<', new Date(now.getTime() - FALLBACK_EVENT_RETENTION_MS))
    .execute();
}

export async function listFallbackEvents(db: Kysely<Database>, limit: number): Promise<FallbackEvent[]> {
  const rows = await db
    .selectFrom('remote_fallback_events')
    .selectAll()
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    remote: row.remote as RemoteName,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    userAgent: row.user_agent,
    occurredAt: row.occurred_at.toISOString(),
  }));
}
