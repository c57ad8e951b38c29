import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CHANNEL_TOKEN_PATTERN, REGISTRATION_CHANNEL_PATH } from '@formularze/domain/schemas/registration';
import { AppError } from '../core/errors';
import type { RegistrationEvents } from './registration-events';

/** Longer than the form waits (30 s), so the browser, not the server, decides when to give up. */
export const REGISTRATION_CHANNEL_TIMEOUT_MS = 60_000;

/** WebSocket close codes: 1000 normal (message sent, or nothing came in time), 1008 policy (bad token). */
const NORMAL = 1000;
const POLICY_VIOLATION = 1008;

/**
 * `/tenants/v1/ws/registration?token=`: the browser makes a one-time token, opens the channel with
 * it, then sends the registration with the same token (`channelToken`), and receives
 * `{"type":"TENANT_CREATED","email":…}` once that registration's organization exists; the server
 * then closes it. Only a page of the product may open it (`Origin`), and only the registration's
 * own token hears anything: nobody can watch for an address founding an organization.
 */
export const registrationChannel: FastifyPluginAsync<{
  events: RegistrationEvents;
  /** The origins of the product's pages (`PUBLIC_URL`, and `SHELL_ORIGIN` when the shell is elsewhere). */
  allowedOrigins: readonly string[];
  timeoutMs?: number;
}> = async (app, { events, allowedOrigins, timeoutMs = REGISTRATION_CHANNEL_TIMEOUT_MS }) => {
  // Before the upgrade, so a foreign page gets a plain 403 and no socket at all.
  const checkOrigin = async (request: FastifyRequest) => {
    if (!allowedOrigins.includes(request.headers.origin ?? '')) {
      throw new AppError(403, 'Niedozwolone pochodzenie połączenia', 'origin-not-allowed');
    }
  };
  app.get(
    REGISTRATION_CHANNEL_PATH,
    { websocket: true, config: { access: 'public' }, schema: { hide: true }, preValidation: checkOrigin },
    (socket, request) => {
      const channelToken = String((request.query as { token?: unknown }).token ?? '');
      if (!CHANNEL_TOKEN_PATTERN.test(channelToken)) {
        socket.close(POLICY_VIOLATION, 'invalid token');
        return;
      }
      // Stops listening as soon as the outcome is known, not when the close handshake ends.
      const finish = (code: number, reason: string) => {
        clearTimeout(timer);
        unsubscribe();
        socket.close(code, reason);
      };
      const unsubscribe = events.subscribe(channelToken, (event) => {
        socket.send(JSON.stringify({ type: event.type, email: event.email }));
        finish(NORMAL, 'tenant created');
      });
      const timer = setTimeout(() => finish(NORMAL, 'timeout'), timeoutMs);
      // The browser gave up (or the page closed) first.
      socket.on('close', () => {
        clearTimeout(timer);
        unsubscribe();
      });
    },
  );
};
