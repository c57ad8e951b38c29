import type { Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  addTermsFields,
  managedTerms,
  managedTermsList,
  TERMS_FILE_MAX_BYTES,
  TERMS_FILE_REQUIRED_MESSAGE,
  TERMS_FILE_TOO_LARGE_MESSAGE,
  TERMS_PDF_MESSAGE,
  type AddTermsFields,
} from '@formularze/domain/schemas/terms';
import { signedInPerson, type SignedInPerson } from '../auth/session-guard';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { errorBody } from '../core/http/error-handler';
import { isUniqueViolation } from '../db/unique-violation';
import {
  hasLiveTermsStartingOn,
  insertTerms,
  listOrganizationTerms,
  removeUnusedTerms,
} from './terms-repository';
import { idParams, termsError, toTermsDocument } from './terms-routes';
import { deleteTermsPdf, isPdf, storeTermsPdf } from './terms-storage';

const PDF_CONTENT_TYPE = 'application/pdf';

/** The platform administrator has the permission but no organization, hence no terms of their own. */
function ownOrganizationId(person: SignedInPerson): number {
  if (person.organizationId === null) {
    throw new AppError(404, 'Administrator platformy nie ma regulaminów organizacji', 'not-found');
  }
  return person.organizationId;
}

/** A 413 with a Polish message; the error handler passes Fastify-style client errors through. */
const fileTooLarge = () =>
  Object.assign(new Error(TERMS_FILE_TOO_LARGE_MESSAGE), { statusCode: 413, code: 'file-too-large' });

class InvalidFields extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('invalid terms fields');
  }
}

interface TermsUpload extends AddTermsFields {
  pdf: Buffer;
}

/**
 * The multipart body: the `termFile` PDF and the text fields. Validated here, as Fastify's schema
 * does not see multipart fields; the first problem of each field is reported.
 */
async function readUpload(parts: AsyncIterableIterator<Multipart>): Promise<TermsUpload> {
  let file: { bytes: Buffer; contentType: string } | undefined;
  const values: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge();
        if (part.fieldname === 'termFile') file = { bytes, contentType: part.mimetype };
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }

  const fields: Record<string, string> = {};
  const parsed = addTermsFields.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  }
  if (!file || file.bytes.length === 0) fields.termFile = TERMS_FILE_REQUIRED_MESSAGE;
  else if (file.contentType !== PDF_CONTENT_TYPE || !isPdf(file.bytes)) fields.termFile = TERMS_PDF_MESSAGE;
  if (!parsed.success || !file || fields.termFile) throw new InvalidFields(fields);
  return { ...parsed.data, pdf: file.bytes };
}

/**
 * The organization's terms of service as its owner manages them (`/terms`, `terms-page:view`):
 * every document with whether anyone accepted it, uploads of new ones, and removal of unused ones.
 */
export const termsManagementRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  const access = { permission: 'terms-page:view' } as const;

  app.get(
    '/api/organizations/terms',
    {
      config: { access },
      schema: { tags: ['terms'], response: { 200: managedTermsList, 404: apiError } },
    },
    async (request) => {
      const terms = await listOrganizationTerms(db, ownOrganizationId(signedInPerson(request)));
      return terms.map((row) => ({ ...toTermsDocument(row), used: row.used }));
    },
  );

  // Multipart: `termFile` (PDF), `name`, `activeSince` (YYYY-MM-DD), `active`.
  app.post(
    '/api/organizations/terms',
    {
      config: { access },
      schema: {
        tags: ['terms'],
        consumes: ['multipart/form-data'],
        response: { 201: managedTerms, 400: apiError, 404: apiError, 409: apiError, 413: apiError },
      },
    },
    async (request, reply) => {
      const person = signedInPerson(request);
      const organizationId = ownOrganizationId(person);
      if (!request.isMultipart()) {
        throw new AppError(400, 'Oczekiwano formularza multipart/form-data', 'not-multipart');
      }
      let upload: TermsUpload;
      try {
        upload = await readUpload(
          request.parts({ limits: { fileSize: TERMS_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } }),
        );
      } catch (error) {
        if (!(error instanceof InvalidFields)) throw error;
        const summary = Object.entries(error.fields)
          .map(([field, message]) => `${field}: ${message}`)
          .join('; ');
        return reply
          .status(400)
          .send(
            errorBody(400, `Nieprawidłowe dane (${summary})`, { code: 'validation', fields: error.fields }),
          );
      }

      const day = upload.activeSince;
      if (await hasLiveTermsStartingOn(db, { organizationId, day }))
        throw termsError(409, 'terms-date-conflict');
      const filePath = await storeTermsPdf(config.mediaDir, organizationId, upload.pdf);
      try {
        const saved = await insertTerms(db, { organizationId, name: upload.name, filePath, day });
        request.log.info({ userId: person.userId, termsId: saved.id }, 'terms added');
        return reply.status(201).send({ ...toTermsDocument(saved), used: false });
      } catch (error) {
        // Nothing points at the file of a document that was not saved.
        await deleteTermsPdf(config.mediaDir, filePath);
        if (isUniqueViolation(error, 'terms_organization_active_since_key')) {
          throw termsError(409, 'terms-date-conflict');
        }
        throw error;
      }
    },
  );

  app.delete(
    '/api/organizations/terms/:id',
    {
      config: { access },
      schema: {
        tags: ['terms'],
        params: idParams,
        response: { 204: z.undefined(), 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const person = signedInPerson(request);
      const termsId = request.params.id;
      const outcome = await removeUnusedTerms(db, { organizationId: ownOrganizationId(person), termsId });
      if (outcome === 'not-found') throw termsError(404, 'not-found');
      if (outcome === 'used') throw termsError(400, 'cant-remove-used-terms');
      request.log.info({ userId: person.userId, termsId }, 'terms removed');
      return reply.status(204).send();
    },
  );
};
