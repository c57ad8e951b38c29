import { randomBytes } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ownerRoutes } from './auth/owner-routes';
import { superAdminGuard } from './auth/super-admin-guard';
import type { Config } from './config';
import type { Database } from './db/schema';
import { handleError } from './http/error-handler';
import { operatorRoutes } from './operator/operator-routes';
import { createManifestVerifier, type ManifestVerifier } from './remotes/manifest-verifier';
import { registryRoutes } from './remotes/registry-routes';
import { systemRoutes } from './system/system-routes';
import { webPlugin } from './web/web-plugin';

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
}

export async function buildApp({
  db,
  config,
  logger,
  operatorToken = randomBytes(32).toString('hex'),
  verifier = createManifestVerifier({ deploymentsDir: config.deploymentsDir }),
}: AppOptions) {
  const app = Fastify({ loggerInstance: logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Formularze API', version: config.appVersion },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(superAdminGuard, { db });
  await app.register(systemRoutes, { db, config });
  await app.register(ownerRoutes, { db });
  await app.register(registryRoutes, { db, verifier });
  await app.register(operatorRoutes, {
    db,
    verifier,
    token: operatorToken,
    demoPassword: config.demoPassword,
  });
  await app.register(webPlugin, { db, config });
  return app;
}
