import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { apiError } from '@formularze/domain/schemas';
import {
  DEFAULT_ADHERENCE_PERIOD,
  DEFAULT_ADHERENCE_SORT,
  adherencePage,
  adherenceQuery,
  projectAdherencePage,
  type AdherenceQuery,
} from '@formularze/domain/schemas/adherence';
import { formToProjectParams } from '@formularze/domain/schemas/projects';
import { DEFAULT_PAGE_SIZE, pageRequest } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { callerOf } from '../filled-data/filled-data-routes';
import { recordStaffRead } from '../audit/access-audit';
import { formNotFound } from '../forms/form-lifecycle';
import { formIdParams } from '../forms/forms-access';
import { isLiveProject, projectNotFound } from '../projects/projects-repository';
import { adherenceOf, scheduledFormsOfProject, type AdherenceRequest } from './adherence-repository';

/** The query with its defaults: period, streak filter and page. */
function requestOf(query: AdherenceQuery): Pick<AdherenceRequest, 'period' | 'minMissedStreak' | 'page'> {
  const { period = DEFAULT_ADHERENCE_PERIOD, minMissedStreak = 0, ...paging } = query;
  return {
    period,
    minMissedStreak,
    page: pageRequest({ pageSize: DEFAULT_PAGE_SIZE, ...paging }, DEFAULT_ADHERENCE_SORT),
  };
}

/**
 * The adherence grid of a scheduled form (ADR 305) and of all the scheduled forms of a project
 * (ADR 306), for staff who review results. A form or project that was never scheduled has no
 * slots: an empty grid, as for any list with nothing in it.
 */
export const adherenceRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/form_data/adherence/:formId',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: {
        tags: ['results'],
        params: z.object({ formId: formIdParams.shape.id }),
        querystring: adherenceQuery,
        response: { 200: adherencePage, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const form = await db
        .selectFrom('forms')
        .select('bag_id')
        .where('id', '=', request.params.formId)
        .where('organization_id', '=', organizationId)
        .where('status', '!=', 'DELETED')
        .executeTakeFirst();
      if (!form) throw formNotFound();
      const page = await adherenceOf(db, {
        organizationId,
        forms: { bagId: form.bag_id },
        ...requestOf(request.query),
        now: clock(),
      });
      await recordStaffRead(db, request, {
        operation: 'results.list',
        patientIds: page.content.map((row) => row.person.id),
        resourceType: 'form',
        resourceIds: [request.params.formId],
        details: request.query,
        rowCount: page.content.length,
      });
      return page;
    },
  );

  app.get(
    '/api/form_data/project_adherence/:groupId',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: {
        tags: ['results'],
        params: z.object({ groupId: formToProjectParams.shape.groupId }),
        querystring: adherenceQuery,
        response: { 200: projectAdherencePage, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { groupId } = request.params;
      if (!(await isLiveProject(db, { organizationId, groupId }))) throw projectNotFound();
      const [forms, page] = await Promise.all([
        scheduledFormsOfProject(db, { organizationId, groupId }),
        adherenceOf(db, { organizationId, forms: { groupId }, ...requestOf(request.query), now: clock() }),
      ]);
      await recordStaffRead(db, request, {
        operation: 'results.list',
        patientIds: page.content.map((row) => row.person.id),
        resourceType: 'project',
        resourceIds: [groupId],
        details: request.query,
        rowCount: page.content.length,
      });
      return { ...page, forms };
    },
  );
};
