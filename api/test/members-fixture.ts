import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AddPersonBody } from '@formularze/domain/schemas/members';
import type { Database } from '../src/db/schema';
import { createOrganization, createUser, signIn } from './helpers';

/** An organization with a signed-in owner and editor, logins under `<domain>`. */
export async function organizationWithStaff(
  app: FastifyInstance,
  db: Kysely<Database>,
  { name = 'Przychodnia', domain = 'a.test', editorsCanManageUsers = false } = {},
) {
  const organizationId = await createOrganization(db, { name, editorsCanManageUsers });
  const ownerId = await createUser(db, {
    email: `owner@${domain}`,
    authorities: 'ROLE_OWNER',
    organizationId,
    firstName: 'Anna',
    surname: 'Nowak',
  });
  const editorId = await createUser(db, {
    email: `lekarz@${domain}`,
    authorities: 'ROLE_EDITOR',
    organizationId,
    firstName: 'Jan',
    surname: 'Kowalski',
  });
  return {
    organizationId,
    ownerId,
    editorId,
    owner: await signIn(app, { email: `owner@${domain}` }),
    editor: await signIn(app, { email: `lekarz@${domain}` }),
  };
}

export function patientBody(overrides: Partial<AddPersonBody> = {}): AddPersonBody {
  return {
    role: 'ROLE_USER',
    firstName: 'Maria',
    surname: 'Wiśniewska',
    mail: null,
    phone: '+48600100200',
    ...overrides,
  };
}

export function staffBody(overrides: Partial<AddPersonBody> = {}): AddPersonBody {
  return {
    role: 'ROLE_EDITOR',
    firstName: 'Ewa',
    surname: 'Lis',
    mail: 'ewa.lis@a.test',
    phone: null,
    ...overrides,
  };
}

export function addUser(
  app: FastifyInstance,
  headers: Record<string, string>,
  organizationId: number,
  payload: AddPersonBody,
) {
  return app.inject({
    method: 'POST',
    url: `/api/organizations/${organizationId}/add_user`,
    headers,
    payload,
  });
}
