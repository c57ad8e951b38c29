import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import { availableForPerson, availableForPersonQuery } from '@formularze/domain/schemas/projects';
import { recordStaffRead } from '../audit/access-audit';
import type { Database } from '../db/schema';
import { accessManager, formsCaller, personIdParams } from '../forms/forms-access';
import { findPersonAccess } from './project-members-repository';
import { projectNotFound } from './projects-repository';

const tags = ['forms'];

/** What the person access dialog offers, project by project: it reads project memberships. */
export const personAccessRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // The person access dialog's forms (§2 "Person access dialog"): whom the caller may manage only.
  app.get(
    '/api/forms/available-for-person/:personId',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: {
        tags,
        params: personIdParams,
        querystring: availableForPersonQuery,
        response: { 200: availableForPerson, 404: apiError },
      },
    },
    async (request) => {
      const caller = formsCaller(request);
      const { personId } = request.params;
      const { projects, formsWithoutProject } = await findPersonAccess(db, {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        personId,
      });
      const { groupId } = request.query;
      let forms;
      if (groupId === undefined) {
        forms = [...projects.flatMap((project) => project.forms), ...formsWithoutProject];
      } else {
        const project = projects.find((candidate) => candidate.id === groupId);
        if (!project) throw projectNotFound();
        forms = project.forms;
      }
      await recordStaffRead(db, request, {
        operation: 'person.forms',
        patientIds: [personId],
        resourceType: 'user',
        resourceIds: [personId],
        details: request.query,
        rowCount: forms.length,
      });
      return forms;
    },
  );
};
