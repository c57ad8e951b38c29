import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError, mediaUrl, termsDocument, type TermsDocument } from 'shared-ui/schemas';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { acceptTerms, findCurrentTerms, type TermsRow } from './terms-repository';

/** Ids are PostgreSQL integers: a larger number would be a database error, not a 404. */
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The PDF's address; path segments are encoded, as uploaded file names may hold spaces or Polish letters. */
export function termsLink(filePath: string): string {
  return mediaUrl(filePath.split('/').map(encodeURIComponent).join('/'));
}

function toTermsDocument(terms: TermsRow): TermsDocument {
  return {
    id: terms.id,
    name: terms.name,
    link: termsLink(terms.file_path),
    activeSince: terms.active_since.toISOString(),
    removedAt: terms.removed_at?.toISOString() ?? null,
  };
}

/** Also for another organization's id: whether it exists or has terms is none of the caller's business. */
const noCurrentTerms = () => new AppError(404, 'Organizacja nie ma aktualnego regulaminu', 'not-found');

export const termsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // `session`: a patient who has not accepted the terms yet is the one who needs them.
  app.get(
    '/api/organizations/:id/current-terms',
    {
      config: { access: 'session' },
      schema: { tags: ['terms'], params: idParams, response: { 200: termsDocument, 404: apiError } },
    },
    async (request) => {
      const { userId, organizationId } = signedInPerson(request);
      if (organizationId !== request.params.id) throw noCurrentTerms();
      const terms = await findCurrentTerms(db, { organizationId, userId });
      if (!terms) throw noCurrentTerms();
      return toTermsDocument(terms);
    },
  );

  app.put(
    '/api/organizations/terms/:id/accept',
    {
      config: { access: 'session' },
      schema: { tags: ['terms'], params: idParams, response: { 204: z.undefined(), 400: apiError } },
    },
    async (request, reply) => {
      const { userId, organizationId } = signedInPerson(request);
      const current =
        organizationId === null ? undefined : await findCurrentTerms(db, { organizationId, userId });
      // Unknown, removed, future, superseded and other organizations' terms are all "not current".
      if (!current || current.id !== request.params.id) {
        throw new AppError(400, 'Regulamin nie istnieje lub nie jest aktualny.', 'missing-or-not-current');
      }
      if (current.accepted || !(await acceptTerms(db, { userId, termsId: current.id }))) {
        throw new AppError(400, 'Ten regulamin został już zaakceptowany.', 'terms-already-accepted');
      }
      request.log.info({ userId, termsId: current.id }, 'terms accepted');
      return reply.status(204).send();
    },
  );
};
