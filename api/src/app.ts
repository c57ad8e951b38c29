import { randomBytes } from 'node:crypto';
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
import { z } from 'zod';
import { apiKeysRoutes } from './api-keys/api-keys-routes';
import { accessControl } from './auth/access-control';
import { systemClock, type Clock } from './auth/clock';
import { loginRoutes } from './auth/login-routes';
import { recoveryRoutes } from './auth/recovery-routes';
import { ownerRoutes } from './auth/owner-routes';
import type { Config } from './config';
import type { Database } from './db/schema';
import { handleError } from './http/error-handler';
import { refuseUnstorableText } from './http/unstorable-text';
import { mediaPlugin } from './media/media-plugin';
import { operatorRoutes } from './operator/operator-routes';
import { organizationsRoutes } from './organizations/organizations-routes';
import { personsRoutes } from './persons/persons-routes';
import { profileRoutes } from './persons/profile-routes';
import { registrationPlugin, type RegistrationPluginOptions } from './registration/registration-plugin';
import { createManifestVerifier, type ManifestVerifier } from './remotes/manifest-verifier';
import { registryRoutes } from './remotes/registry-routes';
import { systemRoutes } from './system/system-routes';
import { termsRoutes } from './terms/terms-routes';
import { termsManagementRoutes } from './terms/terms-management-routes';
import { settingsRoutes } from './settings/settings-routes';
import { webPlugin } from './web/web-plugin';
import { securityHeaders } from './web/security-headers';
import { adminPlugin } from './admin/admin-plugin';
import { membersRoutes } from './members/members-routes';
import { formsPlugin } from './forms/forms-plugin';
import { filledDataRoutes } from './filled-data/filled-data-routes';
import { resultsRoutes } from './results/results-routes';
import { personOverviewRoutes } from './results/person-overview-routes';
import { resultsCsvRoutes } from './results-csv/results-csv-routes';
import { projectsRoutes } from './projects/projects-routes';
import { UploadStorage } from './uploads/upload-storage';
import { uploadsRoutes } from './uploads/uploads-routes';
import { cartRoutes } from './cart/cart-routes';

// Validation messages reach Polish users (the schemas' own messages already are Polish).
z.config(z.locales.pl());

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
  // Text PostgreSQL cannot store is refused at the edge, before it reaches any query.
  app.addHook('preValidation', refuseUnstorableText);

  // First, so that its onRoute hook sees (and refuses or guards) every route registered after it.
  await app.register(accessControl, { db, operatorToken });
  // Before every route, so that every answer (refusals and errors too) carries them.
  await app.register(securityHeaders);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Formularze API', version: config.appVersion },
    },
    transform: jsonSchemaTransform,
  });
  // Only routes that set `config.rateLimit` (http/rate-limits.ts) are limited.
  await app.register(fastifyRateLimit, { global: false });
  // Before the routes: only routes declared with `websocket: true` upgrade (registration channel).
  await app.register(fastifyWebsocket);
  // Uploads (avatars): one file per request; routes read parts themselves with tighter limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100 * 1024, parts: 25 },
  });

  await app.register(systemRoutes, { db, config });
  await app.register(ownerRoutes, { db });
  await app.register(loginRoutes, { db, clock });
  await app.register(recoveryRoutes, { db, config, clock });
  await app.register(personsRoutes, { db });
  await app.register(termsRoutes, { db });
  await app.register(termsManagementRoutes, { db, config });
  await app.register(settingsRoutes, { db });
  await app.register(profileRoutes, { db, config });
  await app.register(organizationsRoutes, { db });
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
  await app.register(resultsRoutes, { db });
  await app.register(personOverviewRoutes, { db });
  await app.register(resultsCsvRoutes, { db });
  await app.register(uploadsRoutes, { db, storage: uploads, clock, maxUploadBytes });
  await app.register(projectsRoutes, { db, clock });
  await app.register(cartRoutes, { db, clock });
  await app.register(webPlugin, { db, config });
  return app;
}
