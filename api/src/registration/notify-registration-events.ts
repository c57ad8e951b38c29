import { sql, type Kysely } from 'kysely';
import { TENANT_CREATED } from '@formularze/domain/schemas/registration';
import { z } from 'zod';
import { listenForNotifications, type NotificationListenerLogger } from '../db/notification-listener';
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
  channelToken: z.string(),
  organizationId: z.number().int(),
});

export type ListenerLogger = NotificationListenerLogger;

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
  const listener = await listenForNotifications({
    connectionString,
    channel: REGISTRATION_EVENTS_CHANNEL,
    name: 'registration events',
    logger,
    reconnectDelayMs,
    onNotification: (payload) => {
      let event: TenantCreatedEvent;
      try {
        event = notificationPayload.parse(JSON.parse(payload ?? ''));
      } catch (error) {
        logger.warn({ err: error, payload }, 'registration events: malformed notification ignored');
        return;
      }
      local.dispatch(event);
    },
  });
  return {
    async publish(event) {
      const payload = JSON.stringify({
        type: event.type,
        email: event.email.trim().toLowerCase(),
        channelToken: event.channelToken,
        organizationId: event.organizationId,
      });
      await sql`select pg_notify(${REGISTRATION_EVENTS_CHANNEL}, ${payload})`.execute(db);
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    listenerPid: listener.listenerPid,
    close: listener.close,
  };
}
