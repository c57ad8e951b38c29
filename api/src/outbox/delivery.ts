import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import { repeatRounds } from '../core/rounds';
import type { Database } from '../db/schema';
import type { DeliveryLogger, MessageTransport } from './transports';
import { runAsSystem } from '../db/tenant-scope';

/** A message that keeps failing is given up after this many tries. */
export const MAX_DELIVERY_ATTEMPTS = 5;
const BATCH_SIZE = 10;

/** 1, 4, 9, 16 minutes between tries: a mail server that is down has time to come back. */
function retryDelayMs(attempts: number): number {
  return attempts * attempts * 60_000;
}

export interface DeliveryRound {
  sent: number;
  notSent: number;
  failed: number;
}

/** Why a message waits unsent, as the outbox viewer shows it to the platform's administrator. */
export const NO_TRANSPORT_REASON =
  'Brak skonfigurowanej wysyłki dla tego kanału: wiadomość czeka w skrzynce nadawczej';

/** A failed send, in Polish; the provider's own words (often English) follow for diagnosis. */
export const failedDeliveryReason = (error: unknown) =>
  `Wysyłka nie powiodła się: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Sends the due messages of one batch. The rows are claimed with `FOR UPDATE SKIP LOCKED` and kept
 * locked until their outcome is written, so several API processes (or overlapping rounds) share the
 * work and never send a message twice; a crash before the commit leaves the message to be sent again
 * (at least once, never concurrently twice).
 */
export async function deliverDueMessages(
  db: Kysely<Database>,
  { transport, clock, logger }: { transport: MessageTransport; clock: Clock; logger: DeliveryLogger },
): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, notSent: 0, failed: 0 };
  await db.transaction().execute(async (trx) => {
    const now = clock();
    const due = await trx
      .selectFrom('outbox')
      .select(['id', 'recipient', 'channel', 'subject', 'body', 'sealed', 'attempts'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(BATCH_SIZE)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const message of due) {
      const attempts = message.attempts + 1;
      try {
        const result = await transport.send(message);
        await trx
          .updateTable('outbox')
          .set(
            result === 'sent'
              ? { sent_at: clock(), attempts, last_error: null, next_attempt_at: null }
              : {
                  attempts,
                  last_error: NO_TRANSPORT_REASON,
                  next_attempt_at: null,
                },
          )
          .where('id', '=', message.id)
          .execute();
        round[result === 'sent' ? 'sent' : 'notSent'] += 1;
      } catch (error) {
        const giveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
        logger.warn({ err: error, outboxId: message.id, attempts, giveUp }, 'outbox: delivery failed');
        await trx
          .updateTable('outbox')
          .set({
            attempts,
            last_error: failedDeliveryReason(error),
            next_attempt_at: giveUp ? null : new Date(clock().getTime() + retryDelayMs(attempts)),
          })
          .where('id', '=', message.id)
          .execute();
        round.failed += 1;
      }
    }
  });
  return round;
}

/**
 * The delivery worker: a round every `intervalMs` (the next one starts only after the previous
 * ended). Returns a function that stops it and waits for the round in progress.
 */
export function startOutboxDelivery(
  db: Kysely<Database>,
  options: { transport: MessageTransport; clock: Clock; logger: DeliveryLogger; intervalMs?: number },
): () => Promise<void> {
  const { intervalMs = 2000, logger } = options;
  const round = () =>
    deliverDueMessages(db, options).then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, 'outbox: delivery round failed'),
    );
  // Every tenant's work, and the rounds that follow inherit the scope.
  return runAsSystem(() => repeatRounds(round, intervalMs));
}
