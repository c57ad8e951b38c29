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
import { apiKeysRoutes } from './api-keys/api-keys-routes';
import { accessControl } from './auth/access-control';
import { systemClock, type Clock } from './core/clock';
import { authRoutes } from './auth';
import type { Config } from './core/config';
import type { Database } from './db/schema';
import { acceptEmptyJsonBody } from './core/http/empty-json-body';
import { handleError } from './core/http/error-handler';
import { refuseMultipartWithoutBoundary } from './core/http/multipart-boundary';
import { redisRateLimits } from './core/http/rate-limit-store';
import { refuseUnstorableText } from './core/http/unstorable-text';
import { mediaPlugin } from './media';
import { operatorRoutes } from './operator/operator-routes';
import { organizationsRoutes } from './organizations/organizations-routes';
import { personsPlugin } from './persons';
import { registrationPlugin, type RegistrationPluginOptions } from './registration';
import { createManifestVerifier, type ManifestVerifier } from './remotes/manifest-verifier';
import { registryRoutes } from './remotes/registry-routes';
import { readinessGate } from './system/readiness';
import { systemRoutes } from './system/system-routes';
import { termsPlugin } from './terms';
import { settingsRoutes } from './settings/settings-routes';
import { webPlugin } from './web';
import { securityHeaders } from './web/security-headers';
import { adminPlugin } from './admin';
import { membersRoutes } from './members/members-routes';
import { metricsPlugin } from './metrics';
import { formsPlugin } from './forms';
import { filledDataRoutes } from './filled-data/filled-data-routes';
import { resultsPlugin } from './results';
import { resultsCsvRoutes } from './results-csv/results-csv-routes';
import { projectsPlugin } from './projects';
import { UploadStorage } from './filled-data/upload-storage';
import { uploadsRoutes } from './uploads/uploads-routes';
import { cartRoutes } from './cart/cart-routes';

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

  await app.register(systemRoutes, { db, config });
  await app.register(authRoutes, { db, config, clock });
  await app.register(personsPlugin, { db, config });
  await app.register(termsPlugin, { db, config });
  await app.register(settingsRoutes, { db });
  await app.register(organizationsRoutes, { db, config });
  await app.register(apiKeysRoutes, { db, config });
  await app.register(registrationPlugin, { db, config, ...registration });
  await app.register(mediaPlugin, { config });
  await app.register(registryRoutes, { db, verifier });
  await app.register(operatorRoutes, { db, verifier, demoPassword: config.demoPassword });
  await app.register(adminPlugin, { db, config, clock });
  await app.register(membersRoutes, { db, config, clock });
  await app.register(formsPlugin, { db, clock });
  const uploads = new UploadStorage(config.uploadsDir);
  await app.register(filledDataRoutes, { db, clock, uploads });
  await app.register(resultsPlugin, { db });
  await app.register(resultsCsvRoutes, { db });
  await app.register(uploadsRoutes, { db, storage: uploads, clock, maxUploadBytes });
  await app.register(projectsPlugin, { db, clock });
  await app.register(cartRoutes, { db, clock });
  await app.register(webPlugin, { db, config });
  return app;
}
