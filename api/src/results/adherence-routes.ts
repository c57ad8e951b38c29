import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { apiError } from '@formularze/domain/schemas';
import {
  DEFAULT_ADHERENCE_PERIOD,
  DEFAULT_ADHERENCE_SORT,
  adherencePage,
  adherenceQuery,
} from '@formularze/domain/schemas/adherence';
import { DEFAULT_PAGE_SIZE, pageRequest } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { callerOf } from '../filled-data/filled-data-routes';
import { formNotFound } from '../forms/form-lifecycle';
import { formIdParams } from '../forms/forms-access';
import { adherenceOf } from './adherence-repository';

/**
 * The adherence grid of a scheduled form (ADR 305), for staff who review results. A form that was
 * never scheduled has no slots: an empty grid, as for any list with nothing in it.
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
      const { period = DEFAULT_ADHERENCE_PERIOD, minMissedStreak = 0, ...paging } = request.query;
      return adherenceOf(db, {
        organizationId,
        bagId: form.bag_id,
        period,
        minMissedStreak,
        page: pageRequest({ pageSize: DEFAULT_PAGE_SIZE, ...paging }, DEFAULT_ADHERENCE_SORT),
        now: clock(),
      });
    },
  );
};
