import { EventEmitter } from 'node:events';
import { TENANT_CREATED } from '@formularze/domain/schemas/registration';

/** Published once an organization founded by self-registration and its owner are committed. */
export interface TenantCreatedEvent {
  type: typeof TENANT_CREATED;
  /** The owner's address, lower-cased: told to the browser that registered. */
  email: string;
  /** The one-time token of the registration's live channel: the key it listens on. */
  channelToken: string;
  organizationId: number;
}

/**
 * Where the registration routes announce new organizations and the live channel
 * (`/tenants/v1/ws/registration`) hears about them.
 *
 * Shaped after PostgreSQL `LISTEN/NOTIFY`, so that a process can publish an event another process
 * delivers: `publish` maps to `select pg_notify('registration_events', <event as JSON>)` (payloads
 * are small, far below NOTIFY's 8000 bytes) and `subscribe` to local listeners fed by one
 * `LISTEN registration_events` connection per process, which filters by `channelToken`. Delivery is
 * at-most-once and only to listeners connected at the time, which is what the channel needs: the
 * browser connects before it sends the registration.
 *
 * PGlite (one process per data folder) uses the in-process implementation below; a PostgreSQL
 * server the NOTIFY one (`notify-registration-events.ts`), so the registration may reach any API
 * process and the browser's socket any other.
 */
export interface RegistrationEvents {
  publish(event: TenantCreatedEvent): Promise<void>;
  /** Calls `listener` for the events of `channelToken`; returns the unsubscribe function. */
  subscribe(channelToken: string, listener: (event: TenantCreatedEvent) => void): () => void;
  /** Number of listeners waiting on `channelToken` (tests, diagnostics). */
  listenerCount(channelToken: string): number;
  /** Stops delivering (the app closes). */
  close(): Promise<void>;
}

/** The listeners of one process, keyed by channel token; both implementations dispatch through it. */
export interface LocalListeners {
  dispatch(event: TenantCreatedEvent): void;
  subscribe: RegistrationEvents['subscribe'];
  listenerCount: RegistrationEvents['listenerCount'];
}

export function createLocalListeners(): LocalListeners {
  const emitter = new EventEmitter();
  // One listener per open socket: many registrations at once are expected, not a leak.
  emitter.setMaxListeners(0);
  const channel = (channelToken: string) => `tenant-created:${channelToken}`;
  return {
    dispatch: (event) => emitter.emit(channel(event.channelToken), event),
    subscribe(channelToken, listener) {
      emitter.on(channel(channelToken), listener);
      return () => emitter.off(channel(channelToken), listener);
    },
    listenerCount: (channelToken) => emitter.listenerCount(channel(channelToken)),
  };
}

export function createInProcessRegistrationEvents(): RegistrationEvents {
  const { dispatch, subscribe, listenerCount } = createLocalListeners();
  return {
    async publish(event) {
      dispatch(event);
    },
    subscribe,
    listenerCount,
    close: async () => undefined,
  };
}
