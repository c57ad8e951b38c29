import type { Kysely } from 'kysely';
import type { Database, OutboxChannel } from '../db/schema';

export interface OutgoingMessage {
  /** An e-mail address (`mail`) or a phone number in international form (`sms`). */
  recipient: string;
  channel: OutboxChannel;
  subject: string;
  body: string;
  /** The body is encrypted (sealed-bodies.ts): the worker opens it just before sending. */
  sealed?: boolean;
}

/**
 * Queues a message for the delivery worker. Call it inside the transaction that made the message
 * necessary: the message exists exactly when the change does.
 */
export async function enqueueMessage(db: Kysely<Database>, message: OutgoingMessage): Promise<number> {
  const { id } = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}
