import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import {
  adherencePage,
  adherenceQuery,
  adherenceRemindersRequest,
  adherenceRemindersResponse,
  projectAdherencePage,
} from '@formularze/domain/schemas/adherence';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { callerOf } from '../filled-data/filled-data-routes';
import {
  adherenceFormsOfForm,
  adherenceFormsOfProject,
  adherenceOf,
  adherenceRequestOf,
  scheduledFormsOf,
} from './adherence-repository';
import { formAdherenceParams, projectAdherenceParams } from './adherence-params';
import { recordGridPageRead } from './patient-grid-reads';
import { sendAdherenceReminders } from './adherence-reminders';

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
        params: formAdherenceParams,
        querystring: adherenceQuery,
        response: { 200: adherencePage, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { formId } = request.params;
      const page = await adherenceOf(db, {
        organizationId,
        forms: await adherenceFormsOfForm(db, { organizationId, formId }),
        ...adherenceRequestOf(request.query),
        now: clock(),
      });
      await recordGridPageRead(db, request, { resource: { type: 'form', id: formId }, rows: page.content });
      return page;
    },
  );

  app.get(
    '/api/form_data/project_adherence/:groupId',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: {
        tags: ['results'],
        params: projectAdherenceParams,
        querystring: adherenceQuery,
        response: { 200: projectAdherencePage, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { groupId } = request.params;
      const grid = await adherenceFormsOfProject(db, { organizationId, groupId });
      const [forms, page] = await Promise.all([
        scheduledFormsOf(db, { organizationId, forms: grid }),
        adherenceOf(db, { organizationId, forms: grid, ...adherenceRequestOf(request.query), now: clock() }),
      ]);
      await recordGridPageRead(db, request, {
        resource: { type: 'project', id: groupId },
        rows: page.content,
      });
      return { ...page, forms };
    },
  );

  const remindersSchema = {
    tags: ['results'],
    body: adherenceRemindersRequest,
    response: { 200: adherenceRemindersResponse, 400: apiError, 404: apiError },
  };

  app.post(
    '/api/form_data/adherence/:formId/reminders',
    {
      config: { access: { permission: 'adherence:remind' } },
      schema: { ...remindersSchema, params: formAdherenceParams },
    },
    async (request) => {
      const { organizationId, userId } = callerOf(request);
      const results = await sendAdherenceReminders(db, {
        organizationId,
        senderId: userId,
        forms: await adherenceFormsOfForm(db, { organizationId, formId: request.params.formId }),
        personIds: request.body.personIds,
        now: clock(),
      });
      return { results };
    },
  );

  app.post(
    '/api/form_data/project_adherence/:groupId/reminders',
    {
      config: { access: { permission: 'adherence:remind' } },
      schema: { ...remindersSchema, params: projectAdherenceParams },
    },
    async (request) => {
      const { organizationId, userId } = callerOf(request);
      const results = await sendAdherenceReminders(db, {
        organizationId,
        senderId: userId,
        forms: await adherenceFormsOfProject(db, { organizationId, groupId: request.params.groupId }),
        personIds: request.body.personIds,
        now: clock(),
      });
      return { results };
    },
  );
};
