import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { globalConfig, updateGlobalConfigBody, type GlobalConfig } from '@formularze/domain/schemas/settings';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { findGlobalConfig, saveGlobalConfig } from './settings-repository';

const toGlobalConfig = (row: { link_to_results_sharing_terms: string | null } | undefined): GlobalConfig => ({
  linkToResultsSharingTerms: row?.link_to_results_sharing_terms ?? null,
});

/**
 * The platform's global settings. Anyone may read them (pages for guests show the link); only the
 * platform administrator (`adminSettings:view`, `/settings`) changes them. The one record is
 * addressed as `/1`, the specification's path.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/config_global',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: globalConfig } } },
    async (_request, reply) => {
      // A saved change must show at once, not when a cache expires.
      reply.header('Cache-Control', 'no-cache');
      return toGlobalConfig(await findGlobalConfig(db));
    },
  );

  app.put(
    '/api/config_global/1',
    {
      config: { access: { permission: 'adminSettings:view' } },
      schema: { tags: ['settings'], body: updateGlobalConfigBody, response: { 200: globalConfig } },
    },
    async (request) => {
      const saved = await saveGlobalConfig(db, request.body);
      request.log.info({ userId: signedInPerson(request).userId }, 'global settings saved');
      return toGlobalConfig(saved);
    },
  );
};
