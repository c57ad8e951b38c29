import type { FastifyPluginAsync } from 'fastify';
import { REGISTRATION_CHANNEL_PATH, REGISTRATION_EMAIL_PATTERN } from 'shared-ui/schemas/registration';
import type { RegistrationEvents } from './registration-events';

/** Longer than the form waits (30 s), so the browser, not the server, decides when to give up. */
export const REGISTRATION_CHANNEL_TIMEOUT_MS = 60_000;

/** WebSocket close codes: 1000 normal (message sent, or nothing came in time), 1008 policy (bad address). */
const NORMAL = 1000;
const POLICY_VIOLATION = 1008;

/**
 * `/tenants/v1/ws/registration?email=`: the browser opens it before it sends the registration and
 * receives `{"type":"TENANT_CREATED","email":…}` once the organization of that address exists;
 * the server then closes it. It tells nothing that the registrant is not told anyway (the
 * registration's own answer), and carries no data of the organization.
 */
export const registrationChannel: FastifyPluginAsync<{
  events: RegistrationEvents;
  timeoutMs?: number;
}> = async (app, { events, timeoutMs = REGISTRATION_CHANNEL_TIMEOUT_MS }) => {
  app.get(
    REGISTRATION_CHANNEL_PATH,
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    (socket, request) => {
      const email = String((request.query as { email?: unknown }).email ?? '')
        .trim()
        .toLowerCase();
      if (email.length > 320 || !REGISTRATION_EMAIL_PATTERN.test(email)) {
        socket.close(POLICY_VIOLATION, 'invalid email');
        return;
      }
      // Stops listening as soon as the outcome is known, not when the close handshake ends.
      const finish = (code: number, reason: string) => {
        clearTimeout(timer);
        unsubscribe();
        socket.close(code, reason);
      };
      const unsubscribe = events.subscribe(email, (event) => {
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
