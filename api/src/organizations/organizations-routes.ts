import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import {
  coupleRegistrationFlags,
  organizationProfile,
  updateOrganizationBody,
  type OrganizationProfile,
} from '@formularze/domain/schemas/profile';
import { recordAccess } from '../audit/access-audit';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import { signedInPerson, type SignedInPerson } from '../auth/session-guard';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError, InvalidFieldsError } from '../core/errors';
import { isCallableWebhookUrl, WEBHOOK_ADDRESS_REFUSED_MESSAGE } from '../jobs/webhook-address';
import { isUniqueViolation } from '../db/unique-violation';
import { findOrganizationProfile, updateOrganizationProfile } from './organizations-repository';
import { webhookSecretOf } from '../jobs/webhook-secrets';

const EDITOR_FLAGS = ['editorsCanManageForms', 'editorsCanManageUsers'] as const;
type EditorFlag = (typeof EDITOR_FLAGS)[number];

/** The platform administrator has the permission but no organization of their own. */
function ownOrganizationId(person: SignedInPerson): number {
  if (person.organizationId === null) throw new AppError(404, 'Nie znaleziono organizacji', 'not-found');
  return person.organizationId;
}

/**
 * The caller's own organization's profile (`/profile`, tab "Profil organizacji"). There is no
 * organization id in the paths: nobody can name another organization.
 */
export const organizationsRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  config: Pick<Config, 'webhookInternalNetworks' | 'dataDir' | 'apiKeyEncryptionKey'>;
}> = async (app, { db, config }) => {
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const access = { permission: 'orgDetails:change' } as const;

  async function profileFor(person: SignedInPerson): Promise<OrganizationProfile> {
    const profile = await findOrganizationProfile(db, ownOrganizationId(person));
    if (!profile) throw new AppError(404, 'Nie znaleziono organizacji', 'not-found');
    if (person.permissions.has('webhooks')) {
      return { ...profile, formDataCreatedWebhookSecret: await webhookSecretOf(db, cipher, profile.id) };
    }
    // Without the permission the address is not shown at all (it may carry a secret).
    return { ...profile, formDataCreatedWebhookUrl: undefined };
  }

  app.get(
    '/api/organizations/my',
    {
      config: { access },
      schema: { tags: ['organizations'], response: { 200: organizationProfile, 404: apiError } },
    },
    async (request) => profileFor(signedInPerson(request)),
  );

  app.put(
    '/api/organizations',
    {
      config: { access },
      schema: {
        tags: ['organizations'],
        body: updateOrganizationBody,
        response: { 200: organizationProfile, 400: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      const person = signedInPerson(request);
      if (request.body.formDataCreatedWebhookUrl !== undefined && !person.permissions.has('webhooks')) {
        throw new AppError(403, 'Brak uprawnień do zmiany adresu webhooka', 'forbidden');
      }
      const webhookUrl = request.body.formDataCreatedWebhookUrl;
      // Each call checks again after resolving the name (jobs/webhooks.ts): a name may change its answer.
      if (webhookUrl && !(await isCallableWebhookUrl(webhookUrl, config.webhookInternalNetworks))) {
        throw new InvalidFieldsError({ formDataCreatedWebhookUrl: WEBHOOK_ADDRESS_REFUSED_MESSAGE });
      }
      const organizationId = ownOrganizationId(person);
      const before = await findOrganizationProfile(db, organizationId);
      try {
        await updateOrganizationProfile(db, organizationId, coupleRegistrationFlags(request.body));
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(409, 'Nazwa organizacji nie jest unikalna', 'Organization name is not unique');
        }
        throw error;
      }
      request.log.info({ organizationId, userId: person.userId }, 'organization profile updated');
      const after = await profileFor(person);
      // What editors may do is a permission of every editor of the organization.
      const editors = (profile: Pick<OrganizationProfile, EditorFlag> | undefined) =>
        EDITOR_FLAGS.filter((flag) => profile?.[flag]).join(',');
      if (editors(before) !== editors(after)) {
        await recordAccess(db, request, {
          operation: 'member.roles',
          resourceType: 'organization',
          resourceIds: [organizationId],
          details: Object.fromEntries(EDITOR_FLAGS.map((flag) => [flag, after[flag]])),
        });
      }
      return after;
    },
  );
};
