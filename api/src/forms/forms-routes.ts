import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import { savedFieldList } from '@formularze/domain/schemas/form-template';
import {
  formDetails,
  formEditionList,
  formListItem,
  formListQuery,
  formPayload,
  formTemplate,
  onlyScheduledForm,
  savedFormRef,
} from '@formularze/domain/schemas/forms';
import { pagedResponse, pageRequest } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import { sendStoredJson } from '../core/http/stored-response';
import type { Database } from '../db/schema';
import { formIdParams, formsCaller, moment } from './forms-access';
import { formNotFound } from './form-lifecycle';
import {
  activateForm,
  createForm,
  deactivateForm,
  duplicateForm,
  findFormDetails,
  findOnlyScheduledForm,
  findTemplateJson,
  listEditions,
  listForms,
  listSavedFields,
  removeForm,
  updateForm,
} from './forms-repository';

const tags = ['forms'];
/** Refusals of the status rules (form-lifecycle.ts) and of a missing form. */
const refusals = { 400: apiError, 404: apiError, 409: apiError };

/**
 * Form definitions (§7 "Forms"): the organization's list, the editor's create/read/update, and the
 * status changes, each behind the permission key the shell shows it with (§6).
 */
export const formsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/v2/forms',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, querystring: formListQuery, response: { 200: pagedResponse(formListItem) } },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const page = pageRequest(request.query, 'name');
      return listForms(db, { organizationId, today: moment(clock).today, page });
    },
  );

  app.post(
    '/api/forms',
    {
      config: { access: { permission: 'form:create' } },
      schema: { tags, body: formPayload, response: { 201: savedFormRef, 400: apiError } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const saved = await createForm(db, { organizationId, userId, payload: request.body, now: clock() });
      request.log.info({ userId, formId: saved.id }, 'form created');
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/api/forms/:id',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, params: formIdParams, response: { 200: formDetails, 404: apiError } },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const form = await findFormDetails(db, {
        organizationId,
        formId: request.params.id,
        today: moment(clock).today,
      });
      if (!form) throw formNotFound();
      return form;
    },
  );

  app.get(
    '/api/forms/has-only-one-scheduled-form',
    {
      config: { access: { permission: 'filled-forms-page:view' } },
      schema: { tags, response: { 200: onlyScheduledForm } },
    },
    async (request) => {
      const form = await findOnlyScheduledForm(db, formsCaller(request).organizationId);
      return { hasOnlyOneScheduledForm: form !== null, form };
    },
  );

  app.put(
    '/api/forms/:id',
    {
      config: { access: { permission: 'form:edit' } },
      schema: { tags, params: formIdParams, body: formPayload, response: { 200: savedFormRef, ...refusals } },
    },
    async (request) => {
      const { organizationId, userId } = formsCaller(request);
      const saved = await updateForm(db, {
        organizationId,
        userId,
        formId: request.params.id,
        payload: request.body,
        now: clock(),
      });
      request.log.info({ userId, formId: request.params.id, savedId: saved.id }, 'form updated');
      return saved;
    },
  );

  app.delete(
    '/api/forms/:id',
    {
      config: { access: { permission: 'form:remove' } },
      schema: { tags, params: formIdParams, response: { 204: z.undefined(), ...refusals } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      await removeForm(db, { organizationId, formId: request.params.id, now: clock() });
      request.log.info({ userId, formId: request.params.id }, 'form removed');
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/forms/:id/duplicate',
    {
      config: { access: { permission: 'form:duplicate' } },
      schema: { tags, params: formIdParams, response: { 201: savedFormRef, ...refusals } },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const copy = await duplicateForm(db, { organizationId, userId, formId: request.params.id });
      request.log.info({ userId, formId: request.params.id, copyId: copy.id }, 'form duplicated');
      return reply.status(201).send(copy);
    },
  );

  // §6: editors may activate; pausing (the spec's "deactivate") follows editorsCanManageForms.
  const statusChanges = [
    { path: 'activate', permission: 'form:activate', change: activateForm },
    { path: 'deactivate', permission: 'form:deactivate', change: deactivateForm },
  ] as const;
  for (const { path, permission, change } of statusChanges) {
    app.put(
      `/api/forms/:id/${path}`,
      {
        config: { access: { permission } },
        schema: { tags, params: formIdParams, response: { 204: z.undefined(), ...refusals } },
      },
      async (request, reply) => {
        const { organizationId, userId } = formsCaller(request);
        await change(db, { organizationId, formId: request.params.id, now: clock() });
        request.log.info({ userId, formId: request.params.id }, `form ${path}d`);
        return reply.status(204).send();
      },
    );
  }

  app.get(
    '/api/forms/:id/old_versions',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, params: formIdParams, response: { 200: formEditionList, 404: apiError } },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const editions = await listEditions(db, { organizationId, formId: request.params.id });
      if (!editions) throw formNotFound();
      return editions;
    },
  );

  // Staff see any template of their organization; a patient only those of forms assigned to them.
  app.get(
    '/api/form_template/:id',
    {
      config: { access: { permission: 'form-fill:page' } },
      schema: { tags, params: formIdParams, response: { 200: formTemplate, 404: apiError } },
    },
    async (request, reply) => {
      const caller = formsCaller(request);
      const template = await findTemplateJson(db, {
        organizationId: caller.organizationId,
        formId: request.params.id,
        assignedTo: caller.permissions.has('forms:fetch') ? undefined : caller.userId,
      });
      if (!template) throw formNotFound();
      return sendStoredJson(reply, template);
    },
  );

  app.get(
    '/api/form_layouts/saved_fields',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, response: { 200: savedFieldList } },
    },
    async (request) => listSavedFields(db, formsCaller(request).organizationId),
  );
};
