import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError, mediaUrl, termsDocument, type TermsDocument } from '@formularze/domain/schemas';
import {
  futureTermsList,
  TERMS_ERROR_MESSAGES,
  termsAcceptanceList,
  type TermsErrorCode,
} from '@formularze/domain/schemas/terms';
import { findCurrentTerms } from '../accounts/current-terms';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import {
  acceptTerms,
  findFutureTerms,
  findLiveAcceptances,
  findTermsOfOrganization,
  revokeAcceptance,
} from './terms-repository';

/** Ids are PostgreSQL integers: a larger number would be a database error, not a 404. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The PDF's address; path segments are encoded, as uploaded file names may hold spaces or Polish letters. */
export function termsLink(filePath: string): string {
  return mediaUrl(filePath.split('/').map(encodeURIComponent).join('/'));
}

export interface StoredTerms {
  id: number;
  name: string;
  file_path: string;
  active_since: Date;
  removed_at: Date | null;
}

export function toTermsDocument(terms: StoredTerms): TermsDocument {
  return {
    id: terms.id,
    name: terms.name,
    link: termsLink(terms.file_path),
    activeSince: terms.active_since.toISOString(),
    removedAt: terms.removed_at?.toISOString() ?? null,
  };
}

/** A refusal of the terms calls, with the message the pages show for its code. */
export function termsError(statusCode: 400 | 404 | 409, code: TermsErrorCode): AppError {
  return new AppError(statusCode, TERMS_ERROR_MESSAGES[code], code);
}

/** Also for another organization's id: whether it exists or has terms is none of the caller's business. */
const noCurrentTerms = () => new AppError(404, 'Organizacja nie ma aktualnego regulaminu', 'not-found');

const REVOCATION_ERRORS = {
  'already-revoked': 'terms-already-revoked',
  'never-accepted': 'terms-were-never-accepted',
} as const satisfies Record<string, TermsErrorCode>;

/**
 * What patients do with their organization's terms: read and accept the current ones (the shell's
 * dialog), see, accept and revoke current and future ones (`/profile`). All `session`: a patient
 * who has not accepted the terms yet (ROLE_USER_NO_ACCEPTED_TERMS) is the one who needs them.
 * Revoking the current terms' acceptance makes the patient ROLE_USER_NO_ACCEPTED_TERMS again, as
 * the effective roles are derived from the live acceptances on every request.
 */
export const termsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const access = 'session' as const;
  const refusals = { 400: apiError, 404: apiError };

  app.get(
    '/api/organizations/:id/current-terms',
    {
      config: { access },
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

  app.get(
    '/api/organizations/terms/future',
    { config: { access }, schema: { tags: ['terms'], response: { 200: futureTermsList } } },
    async (request) => {
      const { userId, organizationId } = signedInPerson(request);
      if (organizationId === null) return [];
      const terms = await findFutureTerms(db, { organizationId, userId });
      return terms.map((row) => ({ ...toTermsDocument(row), accepted: row.accepted }));
    },
  );

  app.get(
    '/api/organizations/terms/accepted',
    { config: { access }, schema: { tags: ['terms'], response: { 200: termsAcceptanceList } } },
    async (request) => {
      const acceptances = await findLiveAcceptances(db, signedInPerson(request).userId);
      return acceptances.map((row) => ({
        terms: toTermsDocument(row),
        acceptedAt: row.accepted_at.toISOString(),
        revokedAt: row.revoked_at?.toISOString() ?? null,
      }));
    },
  );

  const acceptance = {
    config: { access },
    schema: { tags: ['terms'], params: idParams, response: { 204: z.undefined(), 400: apiError } },
  };
  const revocation = {
    config: { access },
    schema: { tags: ['terms'], params: idParams, response: { 204: z.undefined(), ...refusals } },
  };

  /** Records that the caller accepts `terms`, refusing terms they have accepted already. */
  async function accept(
    request: FastifyRequest,
    { userId, terms }: { userId: number; terms: { id: number; accepted: boolean } },
    logged: string,
  ) {
    if (terms.accepted || !(await acceptTerms(db, { userId, termsId: terms.id }))) {
      throw termsError(400, 'terms-already-accepted');
    }
    request.log.info({ userId, termsId: terms.id }, logged);
  }

  /** The caller, when `termsId` are terms of their own organization; a 404 for any other. */
  async function callerWithOwnTerms(request: FastifyRequest, termsId: number) {
    const { userId, organizationId } = signedInPerson(request);
    if (organizationId === null || !(await findTermsOfOrganization(db, { organizationId, termsId }))) {
      throw termsError(404, 'not-found');
    }
    return { userId, organizationId };
  }

  /** Revokes the caller's acceptance of `termsId`, refusing what was never accepted or is revoked already. */
  async function revoke(
    request: FastifyRequest,
    { userId, termsId }: { userId: number; termsId: number },
    logged: string,
  ) {
    const outcome = await revokeAcceptance(db, { userId, termsId });
    if (outcome !== 'revoked') throw termsError(400, REVOCATION_ERRORS[outcome]);
    request.log.info({ userId, termsId }, logged);
  }

  app.put('/api/organizations/terms/:id/accept', acceptance, async (request, reply) => {
    const { userId, organizationId } = signedInPerson(request);
    const current =
      organizationId === null ? undefined : await findCurrentTerms(db, { organizationId, userId });
    // Unknown, removed, future, superseded and other organizations' terms are all "not current".
    if (!current || current.id !== request.params.id) throw termsError(400, 'missing-or-not-current');
    await accept(request, { userId, terms: current }, 'terms accepted');
    return reply.status(204).send();
  });

  app.put('/api/organizations/terms/:id/future/accept', acceptance, async (request, reply) => {
    const { userId, organizationId } = signedInPerson(request);
    const future = organizationId === null ? [] : await findFutureTerms(db, { organizationId, userId });
    if (future.length === 0) throw termsError(400, 'missing-or-not-future');
    const selected = future.find((terms) => terms.id === request.params.id);
    if (!selected) throw termsError(400, 'selected-terms-are-not-future');
    await accept(request, { userId, terms: selected }, 'future terms accepted');
    return reply.status(204).send();
  });

  app.put('/api/organizations/terms/:id/revoke', revocation, async (request, reply) => {
    const termsId = request.params.id;
    const { userId, organizationId } = await callerWithOwnTerms(request, termsId);
    const current = await findCurrentTerms(db, { organizationId, userId });
    if (!current) throw termsError(400, 'missing-or-not-current');
    if (current.id !== termsId) throw termsError(400, 'selected-terms-are-not-current');
    await revoke(request, { userId, termsId }, 'current terms revoked');
    return reply.status(204).send();
  });

  app.put('/api/organizations/terms/:id/future/revoke', revocation, async (request, reply) => {
    const termsId = request.params.id;
    const { userId, organizationId } = await callerWithOwnTerms(request, termsId);
    const future = await findFutureTerms(db, { organizationId, userId });
    if (future.length === 0) throw termsError(400, 'missing-or-not-future');
    if (!future.some((terms) => terms.id === termsId)) throw termsError(400, 'selected-terms-are-not-future');
    await revoke(request, { userId, termsId }, 'future terms revoked');
    return reply.status(204).send();
  });
};
