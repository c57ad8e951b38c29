import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { currentPerson, mediaUrl, myOrganizations, type CurrentPerson } from '@formularze/domain/schemas';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { markFirstLoginDone } from './persons-repository';

export const personsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // `session`, not a permission: a patient who has not accepted the terms yet must still load.
  app.get(
    '/api/persons/my',
    { config: { access: 'session' }, schema: { tags: ['persons'], response: { 200: currentPerson } } },
    // From the resolved caller (auth/session-guard.ts): every page load asks, and the database need not.
    async (request): Promise<CurrentPerson> => {
      const { userId, authorities, currentTermsAccepted, profile } = signedInPerson(request);
      return {
        id: userId,
        firstName: profile.firstName,
        surname: profile.surname,
        mail: profile.email,
        phone: profile.phone,
        avatarPath: profile.avatarPath ? mediaUrl(profile.avatarPath) : null,
        authorities,
        firstLogin: profile.firstLogin,
        currentTermsAccepted,
        organization: profile.organization,
      };
    },
  );

  app.get(
    '/api/persons/my/organizations',
    { config: { access: 'session' }, schema: { tags: ['persons'], response: { 200: myOrganizations } } },
    async (request) => {
      const { organization } = signedInPerson(request).profile;
      return organization ? [organization] : [];
    },
  );

  app.put(
    '/api/persons/after_first_login',
    { config: { access: 'session' }, schema: { tags: ['persons'], response: { 204: z.undefined() } } },
    async (request, reply) => {
      await markFirstLoginDone(db, signedInPerson(request).userId);
      return reply.status(204).send();
    },
  );
};
