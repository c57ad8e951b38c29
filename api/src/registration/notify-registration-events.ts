import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { TENANT_CREATED } from 'shared-ui/schemas/registration';
import { z } from 'zod';
import type { Database } from '../db/schema';
import {
  createLocalListeners,
  type RegistrationEvents,
  type TenantCreatedEvent,
} from './registration-events';

/** The PostgreSQL notification channel every API process of one database listens on. */
export const REGISTRATION_EVENTS_CHANNEL = 'registration_events';
/** Pause before the listening connection is opened again after it was lost. */
const RECONNECT_DELAY_MS = 1000;

const notificationPayload = z.object({
  type: z.literal(TENANT_CREATED),
  email: z.string(),
  organizationId: z.number().int(),
});

export interface ListenerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Names the listening connection in `pg_stat_activity`. */
const APPLICATION_NAME = 'formularze registration events';

export interface NotifyRegistrationEvents extends RegistrationEvents {
  /** The backend pid of the listening connection, null while it is being reopened (tests). */
  listenerPid(): number | null;
}

/**
 * Registration events across every API process of one PostgreSQL database. `publish` runs
 * `pg_notify` on the app's pool (the caller publishes after the organization committed, so a
 * listener that hears of it can read it); each process holds ONE dedicated connection that
 * `LISTEN`s and hands every notification to the local listeners of its address. A lost
 * connection is reopened after a second; events published meanwhile are not delivered there,
 * which the channel tolerates (at most once; the browser falls back to the registration's answer).
 * Resolves once the process listens, so no socket opened after start-up can miss an event.
 */
export async function createNotifyRegistrationEvents({
  db,
  connectionString,
  logger,
  reconnectDelayMs = RECONNECT_DELAY_MS,
}: {
  db: Kysely<Database>;
  connectionString: string;
  logger: ListenerLogger;
  reconnectDelayMs?: number;
}): Promise<NotifyRegistrationEvents> {
  const local = createLocalListeners();
  let listening: { client: pg.Client; pid: number } | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const deliver = (payload: string | undefined) => {
    let event: TenantCreatedEvent;
    try {
      event = notificationPayload.parse(JSON.parse(payload ?? ''));
    } catch (error) {
      logger.warn({ err: error, payload }, 'registration events: malformed notification ignored');
      return;
    }
    local.dispatch(event);
  };

  const reconnectLater = () => {
    if (closed) return;
    retry = setTimeout(() => {
      listen().then(
        () => logger.info({}, 'registration events: listening again'),
        (error: unknown) => {
          logger.warn({ err: error }, 'registration events: cannot listen yet, trying again');
          reconnectLater();
        },
      );
    }, reconnectDelayMs);
  };

  /** The connection broke (server restart, network, terminated backend): drop it and open another. */
  const lost = (client: pg.Client, error?: Error) => {
    if (listening?.client !== client) return;
    listening = null;
    logger.warn({ err: error }, 'registration events: listening connection lost, reconnecting');
    client.end().catch(() => undefined);
    reconnectLater();
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === REGISTRATION_EVENTS_CHANNEL) deliver(message.payload);
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    let pid: number;
    try {
      await client.connect();
      await client.query(`LISTEN ${REGISTRATION_EVENTS_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = rows[0]!.pid;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listening = { client, pid };
  }

  await listen();
  return {
    async publish(event) {
      const payload = JSON.stringify({
        type: event.type,
        email: event.email.trim().toLowerCase(),
        organizationId: event.organizationId,
      });
      await sql`select pg_notify(${REGISTRATION_EVENTS_CHANNEL}, ${payload})`.execute(db);
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    listenerPid: () => listening?.pid ?? null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = listening;
      listening = null;
      await current?.client.end();
    },
  };
}
