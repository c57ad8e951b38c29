import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  ADD_DUPLICATE_MESSAGES,
  addPersonBody,
  addPersonResponse,
  allMembersQuery,
  EDIT_DUPLICATE_MESSAGES,
  matchingUsers,
  matchingUsersBody,
  member,
  memberActiveForms,
  memberList,
  membersPage,
  membersQuery,
  membersWithTermsPage,
  parseMembersSort,
  PERSON_ADDED_MESSAGE,
  PERSON_UPDATED_MESSAGE,
  personConflict,
  updatePersonBody,
  updatePersonResponse,
  type MembersSort,
} from '@formularze/domain/schemas/members';
import { isPatient } from '../accounts/effective-authorities';
import { recordAccess, recordStaffRead } from '../audit/access-audit';
import type { Clock } from '../core/clock';
import { deleteUserSessions } from '../auth/sessions-repository';
import { signedInPerson, type SignedInPerson } from '../auth/session-guard';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import { linkOrigin, type Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { handleError } from '../core/http/error-handler';
import { moment } from '../forms/forms-access';
import { findCurrentTerms } from '../accounts/current-terms';
import { enqueuePasswordReset, enqueueWelcome } from './member-messages';
import {
  activateMember,
  activeFormsOf,
  findMember,
  findOrganizationName,
  identifierHolders,
  insertMember,
  listMembers,
  liveAcceptances,
  markMemberRemoved,
  updateMember,
  type MemberRow,
} from './members-repository';
import {
  checkMayManage,
  duplicateFlags,
  memberNotFound,
  normalizedIdentifiers,
  PersonConflictError,
  plannedMemberUpdate,
  plannedNewMember,
  toAcceptedTerms,
  toMember,
  withDuplicateGuard,
} from './members-service';

/** Ids are PostgreSQL integers: a larger number would be a database error, not a 404. */
const databaseId = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id: databaseId });

/** Members of the caller's organization only; the platform administrator belongs to none. */
function callerOrganization(caller: SignedInPerson): SignedInPerson & { organizationId: number } {
  if (caller.organizationId === null) throw memberNotFound();
  return caller as SignedInPerson & { organizationId: number };
}

/**
 * The organization's members (`/persons`, `/persons/{id}`, `/person/add`): paged lists, one
 * member, adding with a welcome message, editing, activation, removal, password reset and the
 * duplicate lookup. Every query is limited to the caller's organization: another organization's
 * member is a 404, exactly like a missing one.
 */
export const membersRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
}> = async (app, { db, config, clock }) => {
  // Set-password links wait in the outbox sealed with the server's key.
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  // Duplicates answer with every flag, which the shared error body has no room for.
  app.setErrorHandler<FastifyError | PersonConflictError>((error, request, reply) =>
    error instanceof PersonConflictError
      ? reply.status(409).send(error.body)
      : handleError(error, request, reply),
  );

  /** The list's filter and order as `query` asks (checked by the schema already). */
  const listOrder = (query: z.infer<typeof allMembersQuery>) => ({
    filter: { role: query.filterRole, property: query.filterProperty || undefined },
    sort: parseMembersSort(query.sortBy) as MembersSort[],
  });

  async function listPage(caller: SignedInPerson, query: z.infer<typeof membersQuery>) {
    const { page, pageSize } = query;
    if (caller.organizationId === null) return { rows: [], total: 0, page, pageSize };
    const { rows, total } = await listMembers(db, caller.organizationId, {
      ...listOrder(query),
      page,
      pageSize,
    });
    return { rows, total, page, pageSize };
  }

  const listSchema = { tags: ['members'], querystring: membersQuery };

  app.get(
    '/api/v2/persons',
    {
      config: { access: { permission: 'admin:fetchOrgUsers' } },
      schema: { ...listSchema, response: { 200: membersPage } },
    },
    async (request) => {
      const { rows, total, page, pageSize } = await listPage(signedInPerson(request), request.query);
      await recordPersonList(request, rows);
      return { content: rows.map(toMember), totalElements: total, page, pageSize };
    },
  );

  app.get(
    '/api/persons',
    {
      config: { access: { permission: 'admin:fetchOrgUsers' } },
      schema: { tags: ['members'], querystring: allMembersQuery, response: { 200: memberList } },
    },
    async (request) => {
      const { organizationId } = signedInPerson(request);
      if (organizationId === null) return [];
      const { rows } = await listMembers(db, organizationId, listOrder(request.query));
      await recordPersonList(request, rows);
      return rows.map(toMember);
    },
  );

  // Owners see who accepted what; `terms-page:view` is the owners' (and the platform's) key of terms.
  app.get(
    '/api/v2/persons/with_terms',
    {
      config: { access: { permission: 'terms-page:view' } },
      schema: { ...listSchema, response: { 200: membersWithTermsPage } },
    },
    async (request) => {
      const caller = signedInPerson(request);
      const { rows, total, page, pageSize } = await listPage(caller, request.query);
      await recordPersonList(request, rows);
      const current =
        caller.organizationId === null
          ? undefined
          : await findCurrentTerms(db, { organizationId: caller.organizationId, userId: caller.userId });
      const acceptances = await liveAcceptances(
        db,
        rows.map((row) => row.id),
      );
      return {
        content: rows.map((row) => {
          const own = acceptances.filter((acceptance) => acceptance.user_id === row.id);
          return {
            ...toMember(row),
            currentTermsAccepted: !current || own.some((acceptance) => acceptance.id === current.id),
            acceptedTerms: own.map(toAcceptedTerms),
          };
        }),
        totalElements: total,
        page,
        pageSize,
      };
    },
  );

  /** A list of members names them with their contact data: the trail records whom it showed. */
  async function recordPersonList(request: FastifyRequest & { query: unknown }, rows: MemberRow[]) {
    await recordStaffRead(db, request, {
      operation: 'person.list',
      patientIds: rows.map((row) => row.id),
      resourceType: 'user',
      details: request.query,
      rowCount: rows.length,
    });
  }

  async function memberOf(request: FastifyRequest, id: number): Promise<MemberRow> {
    const caller = callerOrganization(signedInPerson(request));
    const row = await findMember(db, caller.organizationId, id);
    if (!row) throw memberNotFound();
    return row;
  }

  app.get(
    '/api/persons/:id',
    {
      config: { access: { permission: 'editor:editPerson' } },
      schema: { tags: ['members'], params: idParams, response: { 200: member, 404: apiError } },
    },
    async (request) => {
      const found = await memberOf(request, request.params.id);
      await recordStaffRead(db, request, {
        operation: 'person.details',
        patientIds: [found.id],
        resourceType: 'user',
        resourceIds: [found.id],
        rowCount: 1,
      });
      return toMember(found);
    },
  );

  // Removing a patient warns of the active forms they are assigned to (§6).
  app.get(
    '/api/persons/:id/active_forms',
    {
      config: { access: { permission: 'editor:editPerson' } },
      schema: {
        tags: ['members'],
        params: idParams,
        response: { 200: memberActiveForms, 404: apiError },
      },
    },
    async (request) => {
      const caller = callerOrganization(signedInPerson(request));
      const target = await memberOf(request, request.params.id);
      const forms = await activeFormsOf(db, caller.organizationId, target.id, moment(clock).today);
      await recordStaffRead(db, request, {
        operation: 'person.forms',
        patientIds: [target.id],
        resourceType: 'user',
        resourceIds: [target.id],
        rowCount: forms.length,
      });
      return forms;
    },
  );

  app.post(
    '/api/organizations/:orgId/add_user',
    {
      config: { access: { permission: 'add-persons-page:view' } },
      schema: {
        tags: ['members'],
        params: z.object({ orgId: databaseId }),
        body: addPersonBody,
        response: {
          201: addPersonResponse,
          400: apiError,
          403: apiError,
          404: apiError,
          409: personConflict,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOrganization(signedInPerson(request));
      if (request.params.orgId !== caller.organizationId) {
        throw new AppError(404, 'Nie znaleziono organizacji', 'not-found');
      }
      const planned = await plannedNewMember(db, caller, request.body);
      const organizationName = await findOrganizationName(db, caller.organizationId);
      const id = await withDuplicateGuard(ADD_DUPLICATE_MESSAGES, () =>
        db.transaction().execute(async (trx) => {
          const userId = await insertMember(trx, caller.organizationId, planned);
          await enqueueWelcome(
            trx,
            { userId, email: planned.email, phone: planned.phone, authorities: planned.role },
            { organizationName, origin: linkOrigin(config), clock, cipher },
          );
          return userId;
        }),
      );
      request.log.info({ userId: id, role: planned.role, by: caller.userId }, 'member added');
      await recordAccess(db, request, {
        operation: 'member.roles',
        patientIds: [id],
        resourceType: 'user',
        resourceIds: [id],
        details: { granted: [planned.role] },
      });
      return reply.status(201).send({ id, message: PERSON_ADDED_MESSAGE });
    },
  );

  app.put(
    '/api/persons/:id/update',
    {
      config: { access: { permission: 'editor:editPerson' } },
      schema: {
        tags: ['members'],
        params: idParams,
        body: updatePersonBody,
        response: {
          200: updatePersonResponse,
          400: apiError,
          403: apiError,
          404: apiError,
          409: personConflict,
        },
      },
    },
    async (request) => {
      const caller = callerOrganization(signedInPerson(request));
      const target = await memberOf(request, request.params.id);
      const data = await plannedMemberUpdate(db, caller, target, request.body);
      await withDuplicateGuard(EDIT_DUPLICATE_MESSAGES, () => updateMember(db, target.id, data));
      await recordAccess(db, request, {
        operation: 'person.change',
        patientIds: [target.id],
        resourceType: 'user',
        resourceIds: [target.id],
        details: { fields: Object.keys(request.body).sort() },
      });
      if (data.enableProfileDataEdition !== target.enable_profile_data_edition) {
        await recordAccess(db, request, {
          operation: 'member.roles',
          patientIds: [target.id],
          resourceType: 'user',
          resourceIds: [target.id],
          details: { profileDataEdition: data.enableProfileDataEdition },
        });
      }
      return { message: PERSON_UPDATED_MESSAGE };
    },
  );

  app.put(
    '/api/v1/users/:id/activate',
    {
      config: { access: { permission: 'editor:editPerson' } },
      schema: {
        tags: ['members'],
        params: idParams,
        response: { 204: z.undefined(), 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const target = await memberOf(request, request.params.id);
      checkMayManage(signedInPerson(request), target);
      await activateMember(db, target.id);
      await recordAccess(db, request, {
        operation: 'member.roles',
        patientIds: [target.id],
        resourceType: 'user',
        resourceIds: [target.id],
        details: { activated: true },
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/users/:id',
    {
      config: { access: { permission: 'editor:editPerson' } },
      schema: {
        tags: ['members'],
        params: idParams,
        response: { 204: z.undefined(), 400: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const caller = signedInPerson(request);
      const target = await memberOf(request, request.params.id);
      if (target.id === caller.userId) {
        throw new AppError(400, 'Nie możesz usunąć własnego konta.', 'cannot-remove-yourself');
      }
      checkMayManage(caller, target);
      await db.transaction().execute(async (trx) => {
        await markMemberRemoved(trx, target.id, clock());
        await deleteUserSessions(trx, target.id);
      });
      request.log.info({ userId: target.id, by: caller.userId }, 'member removed');
      await recordAccess(db, request, {
        operation: 'member.roles',
        patientIds: [target.id],
        resourceType: 'user',
        resourceIds: [target.id],
        details: { withdrawn: target.authorities.split(',').filter(Boolean) },
      });
      return reply.status(204).send();
    },
  );

  // Owner actions on patients (§6); `admin:setAdminRole` is the key only owners hold in an organization.
  app.put(
    '/api/persons/:id/reset_password',
    {
      config: { access: { permission: 'admin:setAdminRole' } },
      schema: {
        tags: ['members'],
        params: idParams,
        response: { 204: z.undefined(), 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const target = await memberOf(request, request.params.id);
      if (!isPatient(target.authorities)) {
        throw new AppError(400, 'Hasło można zresetować tylko pacjentowi.', 'not-a-patient');
      }
      await db
        .transaction()
        .execute((trx) =>
          enqueuePasswordReset(
            trx,
            { userId: target.id, email: target.email, phone: target.phone, authorities: target.authorities },
            { origin: linkOrigin(config), clock, cipher },
          ),
        );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/persons/:id/welcome_message',
    {
      config: { access: { permission: 'admin:setAdminRole' } },
      schema: { tags: ['members'], params: idParams, response: { 204: z.undefined(), 404: apiError } },
    },
    async (request, reply) => {
      const caller = callerOrganization(signedInPerson(request));
      const target = await memberOf(request, request.params.id);
      const organizationName = await findOrganizationName(db, caller.organizationId);
      await db
        .transaction()
        .execute((trx) =>
          enqueueWelcome(
            trx,
            { userId: target.id, email: target.email, phone: target.phone, authorities: target.authorities },
            { organizationName, origin: linkOrigin(config), clock, cipher },
          ),
        );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/organizations/fetch_matching_users',
    {
      config: { access: { permission: 'add-persons-page:view' } },
      schema: {
        tags: ['members'],
        body: matchingUsersBody,
        response: { 200: matchingUsers, 404: apiError, 409: personConflict },
      },
    },
    async (request) => {
      const caller = callerOrganization(signedInPerson(request));
      const identifiers = normalizedIdentifiers(request.body);
      const holders = await identifierHolders(db, caller.organizationId, identifiers);
      const isMember = (holder: MemberRow) =>
        holder.organization_id === caller.organizationId &&
        holder.removed_at === null &&
        !holder.authorities.includes('ROLE_ADMIN');
      // Logins are global: someone outside the organization cannot be offered for editing.
      const outsiders = duplicateFlags(
        identifiers,
        holders.filter((holder) => !isMember(holder)),
      );
      if (outsiders.length) throw new PersonConflictError(outsiders, ADD_DUPLICATE_MESSAGES);
      const members = holders.filter(isMember);
      await recordStaffRead(db, request, {
        operation: 'person.list',
        patientIds: members.map((member) => member.id),
        resourceType: 'user',
        rowCount: members.length,
      });
      return members.map(toMember);
    },
  );
};
