import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { resolveCaptchaKey } from '../captcha/captcha-key';
import { captchaRoutes } from '../captcha/captcha-routes';
import { createCaptchaService, type CaptchaDifficulty } from '../captcha/captcha-service';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { registrationChannel } from './registration-channel';
import { createInProcessRegistrationEvents, type RegistrationEvents } from './registration-events';
import { registrationRoutes } from './registration-routes';

export interface RegistrationPluginOptions {
  db: Kysely<Database>;
  config: Config;
  /** Tests make the proof of work cheap; production uses the default. */
  captchaDifficulty?: CaptchaDifficulty;
  /** The in-process bus unless given (tests; later a NOTIFY-based one across processes). */
  events?: RegistrationEvents;
  channelTimeoutMs?: number;
}

/** Captcha, registration routes and the live registration channel; needs @fastify/websocket. */
export const registrationPlugin: FastifyPluginAsync<RegistrationPluginOptions> = async (
  app,
  { db, config, captchaDifficulty, events = createInProcessRegistrationEvents(), channelTimeoutMs },
) => {
  const captcha = await createCaptchaService({
    db,
    hmacKey: await resolveCaptchaKey(config),
    difficulty: captchaDifficulty,
  });
  await app.register(captchaRoutes, { captcha });
  await app.register(registrationRoutes, { db, captcha, events });
  await app.register(registrationChannel, { events, timeoutMs: channelTimeoutMs });
};
