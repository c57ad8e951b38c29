import { EventEmitter } from 'node:events';
import { TENANT_CREATED } from 'shared-ui/schemas/registration';

/** Published once an organization founded by self-registration and its owner are committed. */
export interface TenantCreatedEvent {
  type: typeof TENANT_CREATED;
  /** The owner's address, lower-cased: the key the live channel listens on. */
  email: string;
  organizationId: number;
}

/**
 * Where the registration routes announce new organizations and the live channel
 * (`/tenants/v1/ws/registration`) hears about them.
 *
 * Shaped after PostgreSQL `LISTEN/NOTIFY`, so that a process can publish an event another process
 * delivers: `publish` maps to `select pg_notify('registration_events', <event as JSON>)` (payloads
 * are small, far below NOTIFY's 8000 bytes) and `subscribe` to local listeners fed by one
 * `LISTEN registration_events` connection per process, which filters by `email`. Delivery is
 * at-most-once and only to listeners connected at the time, which is what the channel needs: the
 * browser connects before it sends the registration.
 *
 * Today one in-process implementation serves PGlite (one process per data folder, no LISTEN
 * across processes) and a single server on PostgreSQL.
 */
export interface RegistrationEvents {
  publish(event: TenantCreatedEvent): Promise<void>;
  /** Calls `listener` for the events of `email`; returns the unsubscribe function. */
  subscribe(email: string, listener: (event: TenantCreatedEvent) => void): () => void;
  /** Number of listeners waiting for `email` (tests, diagnostics). */
  listenerCount(email: string): number;
}

export function createInProcessRegistrationEvents(): RegistrationEvents {
  const emitter = new EventEmitter();
  // One listener per open socket: many registrations at once are expected, not a leak.
  emitter.setMaxListeners(0);
  const channel = (email: string) => `tenant-created:${email.trim().toLowerCase()}`;
  return {
    async publish(event) {
      emitter.emit(channel(event.email), event);
    },
    subscribe(email, listener) {
      emitter.on(channel(email), listener);
      return () => emitter.off(channel(email), listener);
    },
    listenerCount: (email) => emitter.listenerCount(channel(email)),
  };
}
