import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import { pageRequest } from '@formularze/domain/schemas/paging';
import {
  DEFAULT_PROJECT_SORT,
  formOfProjectParams,
  formToProjectParams,
  personAccess,
  personGroupIds,
  personToGroupsBody,
  project,
  projectDuplicateBody,
  projectFormList,
  projectFormRef,
  projectIdParams,
  projectList,
  projectListQuery,
  projectPage,
  projectPayload,
  projectPersonParams,
  projectUserList,
  projectUsersUpdate,
} from '@formularze/domain/schemas/projects';
import { z } from 'zod';
import { recordAccess, recordStaffRead } from '../audit/access-audit';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { accessManager, formsCaller, moment } from '../forms/forms-access';
import { changeFormProject, duplicateForm } from '../forms/forms-repository';
import {
  findPersonAccess,
  listProjectUsers,
  setPersonProjects,
  updateProjectUsers,
} from './project-members-repository';
import {
  createProject,
  duplicateProject,
  listProjectForms,
  listProjectPage,
  listProjects,
  projectNotFound,
  projectOfForm,
  removeProject,
  updateProject,
} from './projects-repository';

const tags = ['projects'];
/** A missing form or project (404), an active form or the same project (409). */
const refusals = { 400: apiError, 404: apiError, 409: apiError };

/**
 * Projects (§7 "Projects"): the organization's list (paged, and whole for pickers), creation,
 * update, removal and duplication (owners, §6), the project's forms and people, one person's
 * projects and access (§2 "Person access dialog"), and a form's copy, move and removal from a
 * project (§2 "copy or move form to a project"; §4: not while the form is active). The form's
 * status rules live in forms/form-lifecycle.ts.
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

  app.get(
    '/api/v2/form_group',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: { tags, querystring: projectListQuery, response: { 200: projectPage, 400: apiError } },
    },
    async (request) =>
      listProjectPage(db, {
        organizationId: formsCaller(request).organizationId,
        page: pageRequest(request.query, DEFAULT_PROJECT_SORT),
      }),
  );

  app.put(
    '/api/form_group/:id',
    {
      config: { access: { permission: 'project:edit' } },
      schema: {
        tags,
        params: projectIdParams,
        body: projectPayload,
        response: { 200: project, ...refusals },
      },
    },
    async (request) => {
      const { organizationId, userId } = formsCaller(request);
      const groupId = request.params.id;
      const updated = await updateProject(db, {
        organizationId,
        groupId,
        payload: request.body,
        now: clock(),
      });
      request.log.info({ userId, groupId }, 'project updated');
      return updated;
    },
  );

  app.delete(
    '/api/form_group/:id',
    {
      config: { access: { permission: 'project:remove' } },
      schema: { tags, params: projectIdParams, response: { 204: z.undefined(), ...refusals } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const groupId = request.params.id;
      await removeProject(db, { organizationId, groupId, now: clock() });
      request.log.info({ userId, groupId }, 'project removed');
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/form_group/:id/duplicate',
    {
      config: { access: { permission: 'project:duplicate' } },
      schema: {
        tags,
        params: projectIdParams,
        body: projectDuplicateBody,
        response: { 201: project, ...refusals },
      },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const groupId = request.params.id;
      const copy = await duplicateProject(db, {
        organizationId,
        groupId,
        withUsers: request.body.withUsers,
        today: moment(clock).today,
      });
      request.log.info({ userId, groupId, copyId: copy.id }, 'project duplicated');
      return reply.status(201).send(copy);
    },
  );

  app.get(
    '/api/form_group/:id/forms',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: { tags, params: projectIdParams, response: { 200: projectFormList, 404: apiError } },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const forms = await listProjectForms(db, { organizationId, groupId: request.params.id });
      if (!forms) throw projectNotFound();
      return forms;
    },
  );

  app.get(
    '/api/form_group/:id/allowed_users',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: { tags, params: projectIdParams, response: { 200: projectUserList, 404: apiError } },
    },
    async (request) => {
      const caller = formsCaller(request);
      const users = await listProjectUsers(db, {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        groupId: request.params.id,
      });
      if (!users) throw projectNotFound();
      await recordStaffRead(db, request, {
        operation: 'person.list',
        patientIds: users.map((user) => user.userId),
        resourceType: 'project',
        resourceIds: [request.params.id],
        rowCount: users.length,
      });
      return users;
    },
  );

  app.put(
    '/api/form_group/:id/allowed_users',
    {
      config: { access: { permission: 'admin:addGroup' } },
      schema: {
        tags,
        params: projectIdParams,
        body: projectUsersUpdate,
        response: { 200: projectUserList, ...refusals },
      },
    },
    async (request) => {
      const caller = formsCaller(request);
      const userIds = request.body.map((entry) => entry.userId);
      if (new Set(userIds).size !== userIds.length) {
        throw new AppError(400, 'Użytkownik powtarza się na liście', 'duplicate-user');
      }
      const scope = {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        groupId: request.params.id,
      };
      await updateProjectUsers(db, { ...scope, entries: request.body, ...moment(clock) });
      request.log.info({ userId: caller.userId, groupId: scope.groupId }, 'project members changed');
      await recordAccess(db, request, {
        operation: 'access.change',
        patientIds: userIds,
        resourceType: 'project',
        resourceIds: [scope.groupId],
        details: { users: request.body },
      });
      return (await listProjectUsers(db, scope))!;
    },
  );

  app.post(
    '/api/form_group/person_to_groups/:personId',
    {
      config: { access: { permission: 'admin:addGroup' } },
      schema: {
        tags,
        params: projectPersonParams,
        body: personToGroupsBody,
        response: { 200: personGroupIds, ...refusals },
      },
    },
    async (request) => {
      const caller = formsCaller(request);
      const { personId } = request.params;
      const groupIds = await setPersonProjects(db, {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        personId,
        groupIds: request.body,
        ...moment(clock),
      });
      request.log.info({ userId: caller.userId, personId }, 'person projects changed');
      await recordAccess(db, request, {
        operation: 'access.change',
        patientIds: [personId],
        resourceType: 'project',
        resourceIds: request.body,
        details: { groupIds: request.body },
      });
      return groupIds;
    },
  );

  app.get(
    '/api/form_group/person_access/:personId',
    {
      config: { access: { permission: 'groups:fetch' } },
      schema: { tags, params: projectPersonParams, response: { 200: personAccess, 404: apiError } },
    },
    async (request) => {
      const caller = formsCaller(request);
      const { personId } = request.params;
      const access = await findPersonAccess(db, {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        personId,
      });
      await recordStaffRead(db, request, {
        operation: 'person.forms',
        patientIds: [personId],
        resourceType: 'user',
        resourceIds: [personId],
        rowCount:
          access.projects.reduce((count, project) => count + project.forms.length, 0) +
          access.formsWithoutProject.length,
      });
      return access;
    },
  );
};
