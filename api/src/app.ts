import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { installPolishErrors } from '@formularze/domain/schemas/polish-errors';
import { apiKeysPlugin } from './api-keys';
import { accessControl, authRoutes } from './auth';
import { systemClock, type Clock } from './core/clock';
import type { Config } from './core/config';
import type { Database } from './db/schema';
import { acceptEmptyJsonBody } from './core/http/empty-json-body';
import { handleError } from './core/http/error-handler';
import { refuseMultipartWithoutBoundary } from './core/http/multipart-boundary';
import { redisRateLimits } from './core/http/rate-limit-store';
import { refuseUnstorableText } from './core/http/unstorable-text';
import { mediaPlugin } from './media';
import { operatorPlugin } from './operator';
import { organizationsPlugin } from './organizations';
import { personsPlugin } from './persons';
import { registrationPlugin, type RegistrationPluginOptions } from './registration';
import { createManifestVerifier, remotesPlugin, type ManifestVerifier } from './remotes';
import { readinessGate, systemPlugin } from './system';
import { termsPlugin } from './terms';
import { settingsPlugin } from './settings';
import { securityHeaders, webPlugin } from './web';

import { adminPlugin } from './admin';
import { membersPlugin } from './members';
import { metricsPlugin } from './metrics';
import { formsPlugin } from './forms';
import { filledDataPlugin, UploadStorage } from './filled-data';
import { resultsPlugin } from './results';
import { resultsCsvPlugin } from './results-csv';
import { fhirPlugin } from './fhir';
import { auditPlugin } from './audit';
import { projectsPlugin } from './projects';
import { uploadsPlugin } from './uploads';
import { cartPlugin } from './cart';

// Validation messages reach Polish users (the schemas' own messages already are Polish).
installPolishErrors();

export interface AppOptions {
  db: Kysely<Database>;
  config: Config;
  /** Silent when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** The operator API's secret; a random one (that nobody knows) when omitted. */
  operatorToken?: string;
  verifier?: ManifestVerifier;
  /** The time logins and reset links act on; tests pass a fake clock to move it. */
  clock?: Clock;
  /** Captcha difficulty, event bus and channel timeout of self-registration (tests). */
  registration?: Pick<RegistrationPluginOptions, 'captchaDifficulty' | 'events' | 'channelTimeoutMs'>;
  /** The largest file a filler may upload; MAX_UPLOAD_BYTES unless a test lowers it. */
  maxUploadBytes?: number;
  /** How often the process checks it is ready, refusing requests while it is not; unset: never. */
  readinessIntervalMs?: number;
}

export async function buildApp({
  db,
  config,
  logger,
  operatorToken = randomBytes(32).toString('hex'),
  verifier = createManifestVerifier({ deploymentsDir: config.deploymentsDir }),
  clock = systemClock,
  registration,
  maxUploadBytes,
  readinessIntervalMs,
}: AppOptions) {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    // A broken percent-encoding in the path is refused before routing: answer it like any error.
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  acceptEmptyJsonBody(app);
  // Text PostgreSQL cannot store is refused at the edge, before it reaches any query.
  app.addHook('preValidation', refuseUnstorableText);
  app.addHook('preValidation', refuseMultipartWithoutBoundary);

  // First, so that its onRoute hook sees (and refuses or guards) every route registered after it.
  await app.register(accessControl, {
    db,
    operatorToken,
    // Other processes on a PostgreSQL server change callers too; PGlite serves this process alone.
    callerChangesUrl: config.databaseUrl && (config.appDatabaseUrl ?? config.databaseUrl),
  });
  // Before every route, so that every answer (refusals and errors too) carries them.
  await app.register(securityHeaders);
  await app.register(metricsPlugin, { db, operatorToken });
  if (readinessIntervalMs) await app.register(readinessGate, { db, intervalMs: readinessIntervalMs });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Formularze API', version: config.appVersion },
    },
    transform: jsonSchemaTransform,
  });
  // Only routes that set `config.rateLimit` (core/http/rate-limits.ts) are limited; with Redis, the
  // counts are shared by every API process.
  const sharedLimits = config.redisUrl ? redisRateLimits(config.redisUrl, app.log) : undefined;
  if (sharedLimits) app.addHook('onClose', sharedLimits.close);
  await app.register(fastifyRateLimit, { global: false, ...sharedLimits?.options });
  // Read by the routes that honour a developer's remote overrides (remotes/dev-overrides.ts).
  await app.register(fastifyCookie);
  // Before the routes: only routes declared with `websocket: true` upgrade (registration channel).
  await app.register(fastifyWebsocket);
  // Uploads (avatars): one file per request; routes read parts themselves with tighter limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 25 },
  });

  await app.register(systemPlugin, { db, config });
  await app.register(authRoutes, { db, config, clock });
  await app.register(personsPlugin, { db, config });
  await app.register(termsPlugin, { db, config });
  await app.register(settingsPlugin, { db });
  await app.register(organizationsPlugin, { db, config });
  await app.register(apiKeysPlugin, { db, config });
  await app.register(registrationPlugin, { db, config, ...registration });
  await app.register(mediaPlugin, { config });
  await app.register(remotesPlugin, { db, verifier });
  await app.register(operatorPlugin, { db, verifier, demoPassword: config.demoPassword });
  await app.register(adminPlugin, { db, config, clock });
  await app.register(membersPlugin, { db, config, clock });
  await app.register(formsPlugin, { db, clock });
  const uploads = new UploadStorage(config.uploadsDir);
  await app.register(filledDataPlugin, { db, clock, uploads });
  await app.register(resultsPlugin, { db, clock });
  await app.register(resultsCsvPlugin, { db, clock });
  await app.register(fhirPlugin, { db, clock });
  await app.register(auditPlugin, { db });
  await app.register(uploadsPlugin, { db, storage: uploads, clock, maxUploadBytes });
  await app.register(projectsPlugin, { db, clock });
  await app.register(cartPlugin, { db, clock });
  await app.register(webPlugin, { db, config });
  return app;
}
