import type { Kysely } from 'kysely';
import type { OutboxMessage, OutboxPage, OutboxStatus } from 'shared-ui/schemas/admin';
import type { Database } from '../db/schema';

/** The outbox for the platform operator: newest first, without message bodies. */
export async function listOutbox(
  db: Kysely<Database>,
  { status, page, pageSize }: { status: OutboxStatus | undefined; page: number; pageSize: number },
): Promise<OutboxPage> {
  let filtered = db.selectFrom('outbox');
  if (status === 'waiting') filtered = filtered.where('sent_at', 'is', null);
  if (status === 'sent') filtered = filtered.where('sent_at', 'is not', null);

  const [rows, count] = await Promise.all([
    filtered
      .select([
        'id',
        'recipient',
        'channel',
        'subject',
        'created_at',
        'sent_at',
        'attempts',
        'last_error',
        'next_attempt_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const messages: OutboxMessage[] = rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    channel: row.channel,
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  }));
  // pg returns count(*) (int8) as a string, PGlite as a number.
  return { messages, total: Number(count.total), page, pageSize };
}
