import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  API_KEY_CREATION_NEEDS_PASSWORD_MESSAGE,
  apiKeyExpiry,
  apiKeyList,
  createApiKeyBody,
  createdApiKey,
  deleteApiKeyQuery,
} from '@formularze/domain/schemas/api-keys';
import { recordAccess } from '../audit/access-audit';
import { signedInPerson, type SignedInPerson } from '../auth/session-guard';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { createApiKey, deleteApiKey, listApiKeys, type StoredApiKey } from '../auth/api-keys-repository';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';

const toApiKey = <Key extends StoredApiKey>(key: Key) => ({
  ...key,
  expires: key.expires.toISOString(),
  lastUsed: key.lastUsed?.toISOString() ?? null,
});

/**
 * The signed-in person, when they signed in with a password: a key that could mint or list keys
 * would outlive its own deletion (docs/adr/040-api-key-lifecycle.md).
 */
function passwordSession(request: FastifyRequest): SignedInPerson {
  const person = signedInPerson(request);
  if (person.credential !== 'session') {
    throw new AppError(403, API_KEY_CREATION_NEEDS_PASSWORD_MESSAGE, 'api-key-not-allowed');
  }
  return person;
}

/**
 * `/employees/v1/tokens`: a staff member's own API keys, managed from a password session only.
 * Nobody sees or deletes another person's keys.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const access = { permission: 'apikeys' } as const;

  app.get(
    '/employees/v1/tokens',
    {
      config: { access },
      schema: { tags: ['api-keys'], response: { 200: apiKeyList, 403: apiError } },
    },
    async (request) => ({
      tokens: (await listApiKeys(db, cipher, passwordSession(request).userId)).map(toApiKey),
    }),
  );

  app.post(
    '/employees/v1/tokens',
    {
      config: { access },
      schema: {
        tags: ['api-keys'],
        body: createApiKeyBody,
        response: { 201: createdApiKey, 400: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const { userId } = passwordSession(request);
      const expires = new Date(request.body.expires ?? apiKeyExpiry());
      if (expires.getTime() <= Date.now()) {
        throw new AppError(400, 'Data ważności klucza musi być w przyszłości.', 'expires-in-past');
      }
      const key = await createApiKey(db, cipher, { userId, label: request.body.label, expires });
      request.log.info({ userId, tokenId: key.tokenId }, 'API key created');
      await recordAccess(db, request, {
        operation: 'apikey.create',
        resourceType: 'api-key',
        resourceIds: [key.tokenId],
        details: { label: request.body.label, expires: expires.toISOString() },
      });
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
        response: { 204: z.undefined(), 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const { userId } = passwordSession(request);
      const label = await deleteApiKey(db, { userId, tokenId: request.query.tokenId });
      // Another person's key answers like a missing one: its existence is none of the caller's business.
      if (label === undefined) throw new AppError(404, 'Nie znaleziono klucza', 'not-found');
      request.log.info({ userId, tokenId: request.query.tokenId }, 'API key deleted');
      await recordAccess(db, request, {
        operation: 'apikey.revoke',
        resourceType: 'api-key',
        resourceIds: [request.query.tokenId],
        details: { label },
      });
      return reply.status(204).send();
    },
  );
};
