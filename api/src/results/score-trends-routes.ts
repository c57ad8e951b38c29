import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { apiError } from '@formularze/domain/schemas';
import { DEFAULT_PAGE_SIZE, pageRequest } from '@formularze/domain/schemas/paging';
import { formToProjectParams } from '@formularze/domain/schemas/projects';
import {
  DEFAULT_SCORE_TREND_SORT,
  projectScoreTrends,
  scoreHistogram,
  scoreTrendsQuery,
  type ProjectScoreTrends,
} from '@formularze/domain/schemas/score-trends';
import type { Database } from '../db/schema';
import { callerOf } from '../filled-data/filled-data-routes';
import { recordGridPageRead } from './patient-grid-reads';
import { formNotFound } from '../forms/form-lifecycle';
import { liveFormsOf } from '../forms/live-forms';
import { isLiveProject, projectNotFound } from '../projects/projects-repository';
import { latestScoreCounts, scoredFormsOfProject, scoreTrendsPage } from './score-trends-repository';

/**
 * Score trends across a project (ADR 308), for staff who review results: the distribution of the
 * latest scores of one of its scored forms, and its patients with their trend, largest rise first.
 */
export const scoreTrendsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/form_data/project_score_trends/:groupId',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: {
        tags: ['results'],
        params: z.object({ groupId: formToProjectParams.shape.groupId }),
        querystring: scoreTrendsQuery,
        response: { 200: projectScoreTrends, 400: apiError, 404: apiError },
      },
    },
    async (request): Promise<ProjectScoreTrends> => {
      const { organizationId } = callerOf(request);
      const { groupId } = request.params;
      const { bagId: chosen, minRise, ...paging } = request.query;
      const page = pageRequest({ pageSize: DEFAULT_PAGE_SIZE, ...paging }, DEFAULT_SCORE_TREND_SORT);
      if (!(await isLiveProject(db, { organizationId, groupId }))) throw projectNotFound();
      const forms = await scoredFormsOfProject(db, { organizationId, groupId });
      const bagId = chosen ?? forms[0]?.bagId;
      const empty = { content: [], totalElements: 0, page: page.page, pageSize: page.pageSize };
      if (bagId === undefined) return { ...empty, forms, bagId: null, distribution: [] };
      // A form of the project with no scored filling yet is shown empty; any other form is not the project's.
      if (
        !forms.some((form) => form.bagId === bagId) &&
        !(await isFormOfProject(db, { organizationId, groupId, bagId }))
      )
        throw formNotFound();
      const form = { organizationId, groupId, bagId };
      const [scores, patients] = await Promise.all([
        latestScoreCounts(db, form),
        scoreTrendsPage(db, { ...form, minRise, page }),
      ]);
      await recordGridPageRead(db, request, {
        resource: { type: 'project', id: groupId },
        rows: patients.content,
      });
      return { ...empty, ...patients, forms, bagId, distribution: scoreHistogram(scores) };
    },
  );
};

async function isFormOfProject(
  db: Kysely<Database>,
  { organizationId, groupId, bagId }: { organizationId: number; groupId: number; bagId: number },
): Promise<boolean> {
  const form = await liveFormsOf(db, organizationId)
    .select('id')
    .where('bag_id', '=', bagId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return form !== undefined;
}
