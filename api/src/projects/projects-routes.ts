import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from 'shared-ui/schemas';
import {
  formOfProjectParams,
  formToProjectParams,
  project,
  projectFormRef,
  projectList,
  projectPayload,
} from 'shared-ui/schemas/projects';
import type { Clock } from '../auth/clock';
import type { Database } from '../db/schema';
import { formsCaller } from '../forms/forms-access';
import { changeFormProject, duplicateForm } from '../forms/forms-repository';
import { createProject, listProjects, projectOfForm } from './projects-repository';

const tags = ['projects'];
/** A missing form or project (404), an active form or the same project (409). */
const refusals = { 400: apiError, 404: apiError, 409: apiError };

/**
 * Projects (§7 "Projects"): the organization's list for pickers, creation, and a form's copy, move
 * and removal from a project (§2 "copy or move form to a project"; §4: not while the form is
 * active). The form's status rules live in forms/form-lifecycle.ts.
 */
export const projectsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/form_group',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: { tags, response: { 200: projectList } },
    },
    async (request) => listProjects(db, formsCaller(request).organizationId),
  );

  app.post(
    '/api/form_group',
    {
      config: { access: { permission: 'admin:addGroup' } },
      schema: { tags, body: projectPayload, response: { 201: project, 400: apiError } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const created = await createProject(db, { organizationId, payload: request.body });
      request.log.info({ userId, groupId: created.id }, 'project created');
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/form_group/clone_form_to_group/:formId/:groupId',
    {
      config: { access: { permission: 'form:add-to-project' } },
      schema: { tags, params: formToProjectParams, response: { 201: projectFormRef, ...refusals } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const { formId, groupId } = request.params;
      const copy = await duplicateForm(db, { organizationId, userId, formId, intoGroupId: groupId });
      request.log.info({ userId, formId, groupId, copyId: copy.id }, 'form copied to project');
      const formGroup = await projectOfForm(db, { organizationId, formId: copy.id });
      return reply.status(201).send({ id: copy.id, formGroup });
    },
  );

  app.post(
    '/api/form_group/move_form_to_group/:formId/:groupId',
    {
      config: { access: { permission: 'form:add-to-project' } },
      schema: { tags, params: formToProjectParams, response: { 200: projectFormRef, ...refusals } },
    },
    async (request) => {
      const { organizationId, userId } = formsCaller(request);
      const { formId, groupId } = request.params;
      await changeFormProject(db, { organizationId, formId, groupId, now: clock() });
      request.log.info({ userId, formId, groupId }, 'form moved to project');
      return { id: formId, formGroup: await projectOfForm(db, { organizationId, formId }) };
    },
  );

  app.post(
    '/api/form_group/detach_form_from_group/:formId',
    {
      config: { access: { permission: 'form:add-to-project' } },
      schema: { tags, params: formOfProjectParams, response: { 200: projectFormRef, ...refusals } },
    },
    async (request) => {
      const { organizationId, userId } = formsCaller(request);
      const { formId } = request.params;
      await changeFormProject(db, { organizationId, formId, groupId: null, now: clock() });
      request.log.info({ userId, formId }, 'form removed from project');
      return { id: formId, formGroup: null };
    },
  );
};
