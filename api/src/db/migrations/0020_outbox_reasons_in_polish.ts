import { sql, type Kysely } from 'kysely';

/**
 * The outbox viewer shows why a message waits unsent. Messages written before the reasons were
 * Polish carry the English one; they get the Polish text the delivery worker now writes
 * (outbox/delivery.ts). A migration keeps its own copy of the texts: they are history, not code.
 */
const ENGLISH_NO_TRANSPORT = [
  'no transport for this channel: written to the log',
  'no transport for this channel: shown in the outbox viewer',
];
const POLISH_NO_TRANSPORT =
  'Brak skonfigurowanej wysyłki dla tego kanału: wiadomość czeka w skrzynce nadawczej';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set last_error = ${POLISH_NO_TRANSPORT} where last_error in (${sql.join(ENGLISH_NO_TRANSPORT)})`.execute(
    db,
  );
  await sql`update outbox set last_error = 'Wysyłka nie powiodła się: ' || last_error where last_error is not null and last_error <> ${POLISH_NO_TRANSPORT}`.execute(
    db,
  );
}
