import type { Kysely } from 'kysely';
import type { OutboxMessage, OutboxPage, OutboxStatus } from '@formularze/domain/schemas/admin';
import type { TokenCipher } from '../core/token-cipher';
import type { Database } from '../db/schema';
import { openedBody } from '../outbox/sealed-bodies';

/** The body of a message nobody will send, opened for the operator; null if this server cannot open it. */
function heldBody(cipher: TokenCipher, message: { body: string; sealed: boolean }): string | null {
  try {
    return openedBody(cipher, message);
  } catch {
    return null;
  }
}

/**
 * The outbox for the platform operator: newest first, with the body only of the messages held
 * (not sent, no further attempt), which the operator has to pass on by hand.
 */
export async function listOutbox(
  db: Kysely<Database>,
  cipher: TokenCipher,
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
        'body',
        'sealed',
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
    body: row.sent_at === null && row.next_attempt_at === null ? heldBody(cipher, row) : null,
  }));
  // pg returns count(*) (int8) as a string, PGlite as a number.
  return { messages, total: Number(count.total), page, pageSize };
}
