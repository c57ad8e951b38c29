import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import {
  PERSON_NOT_FOUND_MESSAGE,
  personFormsOverview as overviewSchema,
} from '@formularze/domain/schemas/person-overview';
import type { Database } from '../db/schema';
import { recordStaffRead } from '../audit/access-audit';
import { AppError } from '../core/errors';
import { formsCaller, personIdParams } from '../forms/forms-access';
import { personFormsOverview } from './person-overview-repository';

/** `GET /api/form_data/person_overview/{personId}`: a person's forms with their answer counts. */
export const personOverviewRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/form_data/person_overview/:personId',
    {
      config: { access: { permission: 'user-filled-all-forms-page:view' } },
      schema: {
        tags: ['results'],
        params: personIdParams,
        response: { 200: overviewSchema, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const overview = await personFormsOverview(db, { organizationId, personId: request.params.personId });
      if (!overview) throw new AppError(404, PERSON_NOT_FOUND_MESSAGE, 'person-not-found');
      await recordStaffRead(db, request, {
        operation: 'person.overview',
        patientIds: [request.params.personId],
        resourceType: 'user',
        resourceIds: [request.params.personId],
        rowCount: overview.forms.length,
      });
      return overview;
    },
  );
};
