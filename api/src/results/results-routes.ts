import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { apiError } from '@formularze/domain/schemas';
import { refusedSubmissionList, refusedSubmissionsQuery } from '@formularze/domain/schemas/filled-data';
import { DEFAULT_PAGE_SIZE, pageRequest } from '@formularze/domain/schemas/paging';
import {
  DEFAULT_FORM_RESULTS_SORT,
  DEFAULT_RESULTS_PAGE_SIZE,
  DEFAULT_RESULTS_SORT,
  INVALID_FILTER_CODE,
  POINTLESS_RESULTS_SORT,
  POINTS_FILTER_MESSAGE,
  formResultsPage,
  formResultsQuery,
  formResultsRequest,
  isPointsField,
  latestResultsPage,
  latestResultsRequest,
  parseResultFilter,
  type ResultFilter,
  type ResultSort,
  type ResultSortKey,
} from '@formularze/domain/schemas/results';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { sendBuiltJson } from '../core/http/stored-response';
import { callerOf } from '../filled-data/filled-data-routes';
import { recordStaffRead } from '../audit/access-audit';
import type { FilledDataCaller } from '../filled-data/filled-data-repository';
import { refusedSubmissionsOf } from '../filled-data/refused-submissions-repository';
import { formIdParam } from '../forms/forms-access';
import { formResults, latestResults } from './results-repository';

const tags = ['results'];
/**
 * Staff with `results-page:view` read the organization's results; patients reach their own through
 * the per-form page (§2 "Filled-form results of a form"), whose permission both have.
 */
const read = { permission: 'form-fill-details:page' } as const;
const refusals = { 400: apiError, 404: apiError };
/** The history of a form's fillings beyond its results: staff only. */
const staffRead = { permission: 'results-page:view' } as const;

/** `q` is read here rather than by the body schema, so that a bad filter answers with its own code. */
const looseFilter = { q: z.optional(z.unknown()) };

function filterOf(q: unknown, caller: FilledDataCaller): ResultFilter {
  const parsed = parseResultFilter(q);
  if (!parsed.ok) throw new AppError(400, parsed.message, INVALID_FILTER_CODE);
  if (!caller.readsAllData && parsed.filter.some((condition) => isPointsField(condition.field))) {
    throw new AppError(400, POINTS_FILTER_MESSAGE, INVALID_FILTER_CODE);
  }
  return parsed.filter;
}

const sortsByPoints = (sort: ResultSort) => isPointsField(sort.replace(/^-/, ''));

/** The page asked for; without points to see, a sort by points becomes the newest first. */
function pageOf(
  body: { page?: number; pageSize?: number; sort?: ResultSort },
  caller: FilledDataCaller,
  defaults: { pageSize: number; sort: ResultSort },
) {
  const allowed = (sort?: ResultSort) =>
    sort && (caller.readsAllData || !sortsByPoints(sort)) ? sort : undefined;
  return pageRequest<ResultSortKey>(
    { page: body.page, pageSize: body.pageSize ?? defaults.pageSize, sortBy: allowed(body.sort) },
    allowed(defaults.sort) ?? POINTLESS_RESULTS_SORT,
  );
}

/** The results of filled forms (§7 "Filled data"): the /results table and one form's results. */
export const resultsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post(
    '/api/form_data/latest_for_projects_and_users',
    {
      config: { access: read },
      schema: {
        tags,
        body: z.extend(latestResultsRequest, looseFilter),
        response: { 200: latestResultsPage, ...refusals },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const results = await latestResults(db, {
        caller,
        filter: filterOf(request.body.q, caller),
        page: pageOf(request.body, caller, {
          pageSize: DEFAULT_RESULTS_PAGE_SIZE,
          sort: DEFAULT_RESULTS_SORT,
        }),
      });
      await recordStaffRead(db, request, {
        operation: 'results.list',
        patientIds: results.content.map((row) => row.filledBy.id),
        resourceType: 'form_data',
        resourceIds: results.content.map((row) => row.formDataId),
        details: request.body,
        rowCount: results.content.length,
      });
      return sendBuiltJson(reply, results);
    },
  );

  app.post(
    '/api/form_data/by_form_id_extended/:formId',
    {
      config: { access: read },
      schema: {
        tags,
        params: formIdParam,
        querystring: formResultsQuery,
        body: z.extend(formResultsRequest, looseFilter),
        response: { 200: formResultsPage, ...refusals },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const results = await formResults(db, {
        caller,
        formId: request.params.formId,
        personId: request.body.personId,
        showMissed: request.query.showMissedForms === 'true',
        filter: filterOf(request.body.q, caller),
        page: pageOf(request.body, caller, { pageSize: DEFAULT_PAGE_SIZE, sort: DEFAULT_FORM_RESULTS_SORT }),
      });
      await recordStaffRead(db, request, {
        operation: 'results.form',
        patientIds: results.content.map((row) => row.filledBy.id),
        resourceType: 'form',
        resourceIds: [request.params.formId],
        details: { ...request.body, ...request.query },
        rowCount: results.content.length,
      });
      return results;
    },
  );

  app.get(
    '/api/form_data/refused_submissions/:formId',
    {
      config: { access: staffRead },
      schema: {
        tags,
        params: formIdParam,
        querystring: refusedSubmissionsQuery,
        response: { 200: refusedSubmissionList, ...refusals },
      },
    },
    async (request) => {
      const refused = await refusedSubmissionsOf(db, {
        caller: callerOf(request),
        formId: request.params.formId,
        personId: request.query.personId,
      });
      await recordStaffRead(db, request, {
        operation: 'results.list',
        patientIds: refused.map((submission) => submission.person.id),
        resourceType: 'form',
        resourceIds: [request.params.formId],
        details: request.query,
        rowCount: refused.length,
      });
      return refused;
    },
  );
};
