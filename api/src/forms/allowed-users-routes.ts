import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  allowedUserList,
  allowedUsersUpdate,
  myFormList,
  personToFormsBody,
} from '@formularze/domain/schemas/forms';
import { recordAccess, recordStaffRead } from '../audit/access-audit';
import type { Clock } from '../core/clock';
import { sendStoredJson, storedList } from '../core/http/stored-response';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import {
  listAllowedUsers,
  requireAssignable,
  setPersonForms,
  updateAllowedUsers,
} from './allowed-users-repository';
import { activeFormsOfPerson } from './my-forms-repository';
import { accessManager, formIdParams, formsCaller, moment, personIdParams } from './forms-access';
import { formNotFound } from './form-lifecycle';

const tags = ['forms'];
const refusals = { 400: apiError, 404: apiError, 409: apiError };

/**
 * Who fills which form (§2 "Form access panel", "Person access dialog"). Assigning people goes
 * with putting forms to work, which editors may do (`form:activate`); they see and assign
 * patients only.
 */
export const allowedUsersRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/forms/:id/allowed_users',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, params: formIdParams, response: { 200: allowedUserList, 404: apiError } },
    },
    async (request) => {
      const caller = formsCaller(request);
      const users = await listAllowedUsers(db, {
        organizationId: caller.organizationId,
        formId: request.params.id,
        manager: accessManager(caller),
        today: moment(clock).today,
      });
      if (!users) throw formNotFound();
      await recordStaffRead(db, request, {
        operation: 'person.list',
        patientIds: users.map((user) => user.userId),
        resourceType: 'form',
        resourceIds: [request.params.id],
        rowCount: users.length,
      });
      return users;
    },
  );

  app.put(
    '/api/forms/:id/allowed_users',
    {
      config: { access: { permission: 'form:activate' } },
      schema: {
        tags,
        params: formIdParams,
        body: allowedUsersUpdate,
        response: { 200: allowedUserList, ...refusals },
      },
    },
    async (request) => {
      const caller = formsCaller(request);
      const userIds = request.body.map((entry) => entry.userId);
      if (new Set(userIds).size !== userIds.length) {
        throw new AppError(400, 'Użytkownik powtarza się na liście', 'duplicate-user');
      }
      const { now, today } = moment(clock);
      const scope = {
        organizationId: caller.organizationId,
        formId: request.params.id,
        manager: accessManager(caller),
      };
      await updateAllowedUsers(db, { ...scope, entries: request.body, today, now });
      request.log.info({ userId: caller.userId, formId: request.params.id }, 'form access changed');
      await recordAccess(db, request, {
        operation: 'access.change',
        patientIds: userIds,
        resourceType: 'form',
        resourceIds: [request.params.id],
        details: { users: request.body },
      });
      return (await listAllowedUsers(db, { ...scope, today }))!;
    },
  );

  app.put(
    '/api/forms/person_to_forms/:personId',
    {
      config: { access: { permission: 'form:activate' } },
      schema: {
        tags,
        params: personIdParams,
        body: personToFormsBody,
        response: { 204: z.undefined(), ...refusals },
      },
    },
    async (request, reply) => {
      const caller = formsCaller(request);
      const { allow, disallow } = request.body;
      if (allow.some((formId) => disallow.includes(formId))) {
        throw new AppError(
          400,
          'Formularz nie może być jednocześnie przyznany i odebrany',
          'allow-and-disallow',
        );
      }
      const { now, today } = moment(clock);
      await setPersonForms(db, {
        organizationId: caller.organizationId,
        personId: request.params.personId,
        manager: accessManager(caller),
        allow,
        disallow,
        today,
        now,
      });
      request.log.info({ userId: caller.userId, personId: request.params.personId }, 'person access changed');
      await recordAccess(db, request, {
        operation: 'access.change',
        patientIds: [request.params.personId],
        resourceType: 'form',
        resourceIds: [...allow, ...disallow],
        details: { allow, disallow },
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/forms/active-by-person/:personId',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: { tags, params: personIdParams, response: { 200: myFormList, 404: apiError } },
    },
    async (request, reply) => {
      const caller = formsCaller(request);
      const personId = request.params.personId;
      await requireAssignable(db, {
        organizationId: caller.organizationId,
        manager: accessManager(caller),
        userIds: [personId],
      });
      const forms = await activeFormsOfPerson(db, {
        person: { userId: personId, organizationId: caller.organizationId },
        today: moment(clock).today,
      });
      await recordStaffRead(db, request, {
        operation: 'person.forms',
        patientIds: [personId],
        resourceType: 'user',
        resourceIds: [personId],
        rowCount: forms.length,
      });
      return sendStoredJson(reply, storedList(forms));
    },
  );
};
