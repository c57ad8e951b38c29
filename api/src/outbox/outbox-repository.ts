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

/** Someone written to by e-mail, or by SMS when known by phone only. */
export type MessageRecipient = { email: string } | { phone: string };

interface MessageText {
  subject: string;
  body: string;
}

/** The message to `recipient` on their channel, with that channel's wording (an SMS is short). */
export function messageTo(
  recipient: MessageRecipient,
  text: { sms: MessageText; mail: MessageText },
): OutgoingMessage {
  return 'phone' in recipient
    ? { recipient: recipient.phone, channel: 'sms', ...text.sms }
    : { recipient: recipient.email, channel: 'mail', ...text.mail };
}

/**
 * Queues a message for the delivery worker. Call it inside the transaction that made the message
 * necessary: the message exists exactly when the change does.
 */
export async function enqueueMessage(db: Kysely<Database>, message: OutgoingMessage): Promise<number> {
  const { id } = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}
