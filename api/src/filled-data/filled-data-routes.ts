import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  draftQuery,
  filledDataPayload,
  filledForm,
  filledFormList,
  filledFormSummary,
  formMetadata,
  formMetadataPayload,
  IDEMPOTENCY_KEY_HEADER,
  myFilledQuery,
  myFilledQueryV2,
  QUEUED_AT_HEADER,
  saveHeaders,
  type FilledDataPayload,
} from '@formularze/domain/schemas/filled-data';
import { pagedResponse, pageRequest } from '@formularze/domain/schemas/paging';
import { recordStaffRead } from '../audit/access-audit';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { formIdParam, formIdParams, formsCaller } from '../forms/forms-access';
import { AppError } from '../core/errors';
import { errorBody } from '../core/http/error-handler';
import { sendBuiltJson } from '../core/http/stored-response';
import type { UploadStorage } from './upload-storage';
import { discardFilesOf } from './uploaded-files-repository';
import { findFilledData, listByForm, listMine, type FilledDataCaller } from './filled-data-repository';
import {
  createFilledData,
  createFormMetadata,
  InvalidAnswers,
  removeDraft,
  updateFilledData,
} from './filled-data-service';
import { saveOnce } from './idempotent-saves';
import { LATE_REFUSAL_CODES, recordRefusedSubmission } from './refused-submissions-repository';

const tags = ['filled data'];
/** Filling (patients, and staff filling a form): the fill page's permission (§2 "Filling a form"). */
const fill = { permission: 'form-fill:page' } as const;
/** Reading filled data: the details page's permission (§2 "Filled form details"). */
const read = { permission: 'form-fill-details:page' } as const;
const refusals = { 400: apiError, 404: apiError, 409: apiError };

export function callerOf(request: FastifyRequest): FilledDataCaller {
  const person = formsCaller(request);
  return {
    userId: person.userId,
    organizationId: person.organizationId,
    fillsAnyForm: person.permissions.has('forms:fetch'),
    readsAllData: person.permissions.has('results-page:view'),
  };
}

/**
 * Reasons staff read instead of what the caller was told. A form of the caller's organization that
 * is no longer on their list: for a submission from the queue, the access was taken away (or the
 * form deleted) while it waited, where the caller was only told the form was not found.
 */
const STAFF_REASONS: Readonly<Record<string, string>> = {
  'form-not-found': 'Brak dostępu do formularza: dostęp odebrano albo formularz usunięto',
};

/** The code and Polish message of a save's refusal, if it is one the caller could have avoided by sending sooner. */
function lateRefusalOf(error: unknown): { code: string; reason: string } | null {
  if (error instanceof InvalidAnswers) return { code: 'validation', reason: error.message };
  if (error instanceof AppError && error.code && LATE_REFUSAL_CODES.has(error.code)) {
    return { code: error.code, reason: STAFF_REASONS[error.code] ?? error.message };
  }
  return null;
}

/**
 * Runs a submission; when it came from a device's queue (`queued-at`, with its idempotency key) and
 * the server refuses it for what changed meanwhile, the refusal is recorded for staff before it is
 * answered (issue 30 point 4, ADR 622). Drafts are never queued.
 */
async function recordingLateRefusal<T>(
  db: Kysely<Database>,
  request: { headers: z.infer<typeof saveHeaders>; log: FastifyBaseLogger },
  save: {
    caller: FilledDataCaller;
    payload: Pick<FilledDataPayload, 'formId' | 'scheduledFormId'>;
    formDataId: number | null;
    now: Date;
  },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const queuedAt = request.headers[QUEUED_AT_HEADER];
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
    const refusal = lateRefusalOf(error);
    if (queuedAt && idempotencyKey && refusal) {
      await recordRefusedSubmission(db, {
        caller: save.caller,
        formId: save.payload.formId,
        scheduledFormId: save.payload.scheduledFormId ?? null,
        formDataId: save.formDataId,
        idempotencyKey,
        ...refusal,
        queuedAt: new Date(queuedAt),
        receivedAt: save.now,
      });
      request.log.info({ userId: save.caller.userId, code: refusal.code }, 'queued submission refused');
    }
    throw error;
  }
}

/** A save of answers: a draft with `?draft=true`, once per idempotency key, maybe from a device's queue. */
const saveSchema = { tags, headers: saveHeaders, querystring: draftQuery, body: filledDataPayload };

type SaveRequest = FastifyRequest & {
  headers: z.infer<typeof saveHeaders>;
  query: z.infer<typeof draftQuery>;
  body: FilledDataPayload;
};

/** Who saves, whether as a draft, under which idempotency key, and when. */
function saveOf(request: SaveRequest, clock: Clock) {
  return {
    caller: callerOf(request),
    draft: request.query.draft === 'true',
    idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
    now: clock(),
  };
}

/**
 * Stores answers once per idempotency key (`formDataId` names the filled form an update saves),
 * recording the late refusal of a queued submission.
 */
async function savingOnce<T>(
  db: Kysely<Database>,
  request: SaveRequest,
  save: ReturnType<typeof saveOf> & { formDataId: number | null },
  work: () => Promise<T>,
  replay: (id: number) => T | Promise<T>,
): Promise<T> {
  const { caller, idempotencyKey, formDataId, now } = save;
  return recordingLateRefusal(db, request, { caller, payload: request.body, formDataId, now }, () =>
    saveOnce(
      db,
      { caller, key: idempotencyKey, target: formDataId ?? undefined, log: request.log },
      work,
      replay,
    ),
  );
}

/** Answers that do not fit the template: a 400 naming each field, like a validation error. */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof InvalidAnswers)) throw error;
    return reply
      .status(400)
      .send(errorBody(400, error.message, { code: 'validation', fields: error.fields }));
  }
}

/**
 * Filled data (§7 "Filled data"): the metadata a filling starts with, saving (drafts with
 * `?draft=true`, submissions scored on the server), reading, deleting drafts, and the lists of one
 * form's and of one's own filled forms. Uploading and serving files live in `uploads/`; a save
 * attaches the files it names; files it no longer names, and a deleted draft's, are deleted.
 */
export const filledDataRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  clock: Clock;
  uploads: UploadStorage;
}> = async (app, { db, clock, uploads }) => {
  // The specification's paths end with a slash; both spellings are served.
  for (const url of ['/api/form_metadata/', '/api/form_metadata']) {
    app.post(
      url,
      {
        config: { access: fill },
        schema: {
          tags,
          headers: saveHeaders,
          body: formMetadataPayload,
          response: { 201: formMetadata, ...refusals },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const formId = request.body.form.id;
        // A queued submission starts here when it was filled offline: access taken away meanwhile
        // is refused at this step, and recorded like any other late refusal.
        const saved = await recordingLateRefusal(
          db,
          request,
          { caller, payload: { formId }, formDataId: null, now: clock() },
          () => createFormMetadata(db, { caller, formId }),
        );
        return reply.status(201).send(saved);
      },
    );
  }

  for (const url of ['/api/form_data/', '/api/form_data']) {
    app.post(
      url,
      {
        config: { access: fill },
        schema: { ...saveSchema, response: { 201: filledForm, ...refusals } },
      },
      async (request, reply) =>
        answering(reply, async () => {
          const save = saveOf(request, clock);
          const { caller, draft } = save;
          const saved = await savingOnce(
            db,
            request,
            { ...save, formDataId: null },
            () => createFilledData(db, { ...save, payload: request.body }),
            (storedId) => findFilledData(db, { caller, id: storedId }),
          );
          request.log.info({ userId: caller.userId, formDataId: saved.id, draft }, 'form data created');
          return sendBuiltJson(reply.status(201), saved);
        }),
    );
  }

  app.put(
    '/api/form_data/:id',
    {
      config: { access: fill },
      schema: { ...saveSchema, params: formIdParams, response: { 200: filledForm, ...refusals } },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const save = saveOf(request, clock);
        const { caller, draft } = save;
        const { id } = request.params;
        const dropped = await savingOnce(
          db,
          request,
          { ...save, formDataId: id },
          () => updateFilledData(db, { ...save, id, payload: request.body }),
          // Stored before: no file was dropped by the repeat.
          (): string[] => [],
        );
        await uploads.remove(dropped);
        request.log.info({ userId: caller.userId, formDataId: id, draft }, 'form data updated');
        return findFilledData(db, { caller, id });
      }),
  );

  app.get(
    '/api/form_data/:id',
    {
      config: { access: read },
      schema: { tags, params: formIdParams, response: { 200: filledForm, 404: apiError } },
    },
    async (request) => {
      const filled = await findFilledData(db, { caller: callerOf(request), id: request.params.id });
      await recordStaffRead(db, request, {
        operation: 'filled-data.read',
        patientIds: [filled.filledBy.id],
        resourceType: 'form_data',
        resourceIds: [filled.id],
        rowCount: 1,
      });
      return filled;
    },
  );

  app.delete(
    '/api/form_data/:id',
    {
      config: { access: fill },
      schema: { tags, params: formIdParams, response: { 204: z.undefined(), 404: apiError, 409: apiError } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await removeDraft(db, { caller, id: request.params.id, now: clock() });
      await uploads.remove(await discardFilesOf(db, request.params.id));
      request.log.info({ userId: caller.userId, formDataId: request.params.id }, 'draft removed');
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/form_data/by_form_id/:formId',
    {
      config: { access: read },
      schema: { tags, params: formIdParam, response: { 200: filledFormList } },
    },
    async (request) => {
      const filled = await listByForm(db, { caller: callerOf(request), formId: request.params.formId });
      await recordStaffRead(db, request, {
        operation: 'results.form',
        patientIds: filled.map((form) => form.filledBy.id),
        resourceType: 'form',
        resourceIds: [request.params.formId],
        rowCount: filled.length,
      });
      return filled;
    },
  );

  app.get(
    '/api/form_data/all/my',
    {
      config: { access: fill },
      schema: { tags, querystring: myFilledQuery, response: { 200: filledFormList } },
    },
    async (request) => {
      const { state, page = 0, pageSize = 100, sortBy, sortOrder } = request.query;
      // §9: drafts newest first; finished forms by when they were completed, newest first.
      const key = sortBy ?? (state === 'COMPLETED' ? 'completedAt' : 'createdAt');
      const descending = sortOrder ? sortOrder === 'desc' : true;
      const paged = await listMine(db, {
        caller: callerOf(request),
        state,
        page: { page, pageSize, sort: { key, descending } },
      });
      return paged.content;
    },
  );

  app.get(
    '/api/v2/form_data/all/my',
    {
      config: { access: fill },
      schema: { tags, querystring: myFilledQueryV2, response: { 200: pagedResponse(filledFormSummary) } },
    },
    async (request) =>
      listMine(db, {
        caller: callerOf(request),
        state: request.query.state,
        page: pageRequest(request.query, request.query.state === 'COMPLETED' ? '-completedAt' : '-createdAt'),
      }),
  );
};
