import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import { rulesBacktest, rulesBacktestRequest } from '@formularze/domain/schemas/rules-backtest';
import { recordStaffRead } from '../audit/access-audit';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { formIdParams, formsCaller } from '../forms/forms-access';
import { formNotFound } from '../forms/form-lifecycle';
import { backtestRules } from './rules-backtest';

/**
 * The editor's back-test of its rules and scoring over the form's past filled forms (ADR 224): a
 * read, behind the permission to edit the form, that sends nothing.
 */
export const rulesBacktestRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/api/forms/:id/rules/backtest',
    {
      config: { access: { permission: 'form:edit' } },
      schema: {
        tags: ['forms'],
        params: formIdParams,
        body: rulesBacktestRequest,
        response: { 200: rulesBacktest, 400: apiError, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const result = await backtestRules(db, {
        organizationId,
        formId: request.params.id,
        draft: request.body,
        now: clock(),
      });
      if (!result) throw formNotFound();
      await recordStaffRead(db, request, {
        operation: 'results.list',
        patientIds: result.changed.content.map((changed) => changed.person.id),
        resourceType: 'form',
        resourceIds: [request.params.id],
        details: { period: request.body.period },
        rowCount: result.filledForms,
      });
      return result;
    },
  );
};
