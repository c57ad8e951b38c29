import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { resolveCaptchaKey } from '../captcha/captcha-key';
import { captchaRoutes } from '../captcha/captcha-routes';
import { createCaptchaService, type CaptchaDifficulty } from '../captcha/captcha-service';
import { linkOrigin, type Config } from '../core/config';
import type { Database } from '../db/schema';
import { registrationChannel } from './registration-channel';
import { createNotifyRegistrationEvents, type ListenerLogger } from './notify-registration-events';
import { createInProcessRegistrationEvents, type RegistrationEvents } from './registration-events';
import { registrationRoutes } from './registration-routes';

export interface RegistrationPluginOptions {
  db: Kysely<Database>;
  config: Config;
  /** Tests make the proof of work cheap; production uses the default. */
  captchaDifficulty?: CaptchaDifficulty;
  /** Unless given (tests): NOTIFY across processes on a PostgreSQL server, in-process on PGlite. */
  events?: RegistrationEvents;
  channelTimeoutMs?: number;
}

/** Captcha, registration routes and the live registration channel; needs @fastify/websocket. */
export const registrationPlugin: FastifyPluginAsync<RegistrationPluginOptions> = async (
  app,
  { db, config, captchaDifficulty, events: given, channelTimeoutMs },
) => {
  const events = given ?? (await registrationEventsFor(db, config, app.log));
  // The bus made here (with its listening connection) ends with the app; a given one is its giver's.
  if (!given) app.addHook('onClose', () => events.close());
  const captcha = await createCaptchaService({
    db,
    hmacKey: await resolveCaptchaKey(config),
    difficulty: captchaDifficulty,
  });
  await app.register(captchaRoutes, { captcha });
  await app.register(registrationRoutes, { db, captcha, events });
  const allowedOrigins = [linkOrigin(config), ...(config.shellOrigin ? [config.shellOrigin] : [])];
  await app.register(registrationChannel, { events, allowedOrigins, timeoutMs: channelTimeoutMs });
};

/**
 * On a PostgreSQL server the registration and the browser's socket may reach different API
 * processes: events travel through NOTIFY. PGlite serves one process, so an in-process bus is
 * enough there.
 */
async function registrationEventsFor(
  db: Kysely<Database>,
  config: Config,
  logger: ListenerLogger,
): Promise<RegistrationEvents> {
  if (!config.databaseUrl) return createInProcessRegistrationEvents();
  // LISTEN needs no privilege: the runtime's own login when there is one, else the owner's.
  const connectionString = config.appDatabaseUrl ?? config.databaseUrl;
  return createNotifyRegistrationEvents({ db, connectionString, logger });
}
