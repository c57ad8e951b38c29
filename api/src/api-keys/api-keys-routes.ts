import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from 'shared-ui/schemas';
import { apiKeyList, createApiKeyBody, createdApiKey, deleteApiKeyQuery } from 'shared-ui/schemas/api-keys';
import { signedInPerson } from '../auth/session-guard';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { createApiKey, deleteApiKey, listApiKeys, type StoredApiKey } from './api-keys-repository';
import { resolveApiKeyEncryptionKey } from './encryption-key';
import { createTokenCipher } from './token-cipher';

const toApiKey = <Key extends StoredApiKey>(key: Key) => ({ ...key, expires: key.expires.toISOString() });

/** `/employees/v1/tokens`: a staff member's own API keys. Nobody sees or deletes another person's keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const access = { permission: 'apikeys' } as const;

  app.get(
    '/employees/v1/tokens',
    { config: { access }, schema: { tags: ['api-keys'], response: { 200: apiKeyList } } },
    async (request) => ({
      tokens: (await listApiKeys(db, cipher, signedInPerson(request).userId)).map(toApiKey),
    }),
  );

  app.post(
    '/employees/v1/tokens',
    {
      config: { access },
      schema: { tags: ['api-keys'], body: createApiKeyBody, response: { 201: createdApiKey, 400: apiError } },
    },
    async (request, reply) => {
      const expires = new Date(request.body.expires);
      if (expires.getTime() <= Date.now()) {
        throw new AppError(400, 'Data ważności klucza musi być w przyszłości.', 'expires-in-past');
      }
      const { userId } = signedInPerson(request);
      const key = await createApiKey(db, cipher, { userId, label: request.body.label, expires });
      request.log.info({ userId, tokenId: key.tokenId }, 'API key created');
      return reply.status(201).send(toApiKey(key));
    },
  );

  app.delete(
    '/employees/v1/tokens',
    {
      config: { access },
      schema: {
        tags: ['api-keys'],
        querystring: deleteApiKeyQuery,
        response: { 204: z.undefined(), 404: apiError },
      },
    },
    async (request, reply) => {
      const { userId } = signedInPerson(request);
      const label = await deleteApiKey(db, { userId, tokenId: request.query.tokenId });
      // Another person's key answers like a missing one: its existence is none of the caller's business.
      if (label === undefined) throw new AppError(404, 'Nie znaleziono klucza', 'not-found');
      request.log.info({ userId, tokenId: request.query.tokenId }, 'API key deleted');
      return reply.status(204).send();
    },
  );
};
