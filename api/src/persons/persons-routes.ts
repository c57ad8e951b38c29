import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  currentPerson,
  mediaUrl,
  myOrganizations,
  type CurrentPerson,
  type PersonOrganization,
} from '@formularze/domain/schemas';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { findPerson, markFirstLoginDone } from './persons-repository';

type Person = Awaited<ReturnType<typeof findPerson>>;

function organizationOf(person: Person): PersonOrganization | null {
  if (person.organization_id === null) return null;
  return {
    id: person.organization_id,
    orgName: person.organization_name ?? '',
    editorsCanManageForms: person.editors_can_manage_forms ?? false,
    editorsCanManageUsers: person.editors_can_manage_users ?? false,
  };
}

export const personsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // `session`, not a permission: a patient who has not accepted the terms yet must still load.
  app.get(
    '/api/persons/my',
    { config: { access: 'session' }, schema: { tags: ['persons'], response: { 200: currentPerson } } },
    async (request): Promise<CurrentPerson> => {
      const { userId, authorities, currentTermsAccepted } = signedInPerson(request);
      const person = await findPerson(db, userId);
      return {
        id: person.id,
        firstName: person.first_name,
        surname: person.surname,
        mail: person.email,
        phone: person.phone,
        avatarPath: person.avatar_path ? mediaUrl(person.avatar_path) : null,
        authorities,
        firstLogin: person.first_login,
        currentTermsAccepted,
        organization: organizationOf(person),
      };
    },
  );

  app.get(
    '/api/persons/my/organizations',
    { config: { access: 'session' }, schema: { tags: ['persons'], response: { 200: myOrganizations } } },
    async (request) => {
      const organization = organizationOf(await findPerson(db, signedInPerson(request).userId));
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
