import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageRequest, Paged } from '@formularze/domain/schemas/paging';
import {
  PROJECT_COPY_SUFFIX,
  PROJECT_HAS_ACTIVE_FORMS_MESSAGE,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_NOT_FOUND_MESSAGE,
  type Project,
  type ProjectForm,
  type ProjectPayload,
  type ProjectSortKey,
} from '@formularze/domain/schemas/projects';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { isLiveProject } from '../forms/forms-repository';
import { refreshProjectSlots } from './project-slots';

export { isLiveProject };

const PROJECT_COLUMNS = [
  'id',
  'name',
  'internal_description',
  'sms_phone',
  'welcome_sms_message',
  'welcome_email_message',
  'enable_all_form_access',
] as const;

type ProjectRow = Pick<
  Database['form_groups'],
  'name' | 'internal_description' | 'sms_phone' | 'welcome_sms_message' | 'welcome_email_message'
> & { id: number; enable_all_form_access: boolean };

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    internalDescription: row.internal_description,
    smsPhone: row.sms_phone,
    welcomeSmsMessage: row.welcome_sms_message,
    welcomeEmailMessage: row.welcome_email_message,
    enableAllFormAccess: row.enable_all_form_access,
  };
}

/** An empty optional text is stored as no text. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/** `GET /api/form_group`: the organization's live projects, by name (for pickers). */
export async function listProjects(db: Kysely<Database>, organizationId: number): Promise<Project[]> {
  const rows = await db
    .selectFrom('form_groups')
    .select(PROJECT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toProject);
}

/** `POST /api/form_group`: a new project of the organization. */
export async function createProject(
  db: Kysely<Database>,
  { organizationId, payload }: { organizationId: number; payload: ProjectPayload },
): Promise<Project> {
  const row = await db
    .insertInto('form_groups')
    .values({
      organization_id: organizationId,
      name: payload.name,
      internal_description: textOrNull(payload.internalDescription),
      sms_phone: textOrNull(payload.smsPhone),
      welcome_sms_message: textOrNull(payload.welcomeSmsMessage),
      welcome_email_message: textOrNull(payload.welcomeEmailMessage),
      enable_all_form_access: payload.enableAllFormAccess ?? false,
    })
    .returning(PROJECT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toProject(row);
}

/** The form's project after a copy, move or detach (the live project, or none). */
export async function projectOfForm(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<{ id: number; name: string } | null> {
  const row = await db
    .selectFrom('forms as f')
    .innerJoin('form_groups as g', 'g.id', 'f.group_id')
    .select(['g.id', 'g.name'])
    .where('f.id', '=', formId)
    .where('f.organization_id', '=', organizationId)
    .where('g.removed_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export const projectNotFound = () => new AppError(404, PROJECT_NOT_FOUND_MESSAGE, 'project-not-found');

/** Locks the organization's live projects `groupIds` for a change; any missing one is a 404. */
export async function lockLiveProjects(
  trx: Transaction<Database>,
  organizationId: number,
  groupIds: number[],
): Promise<void> {
  if (!groupIds.length) return;
  const found = await trx
    .selectFrom('form_groups')
    .select('id')
    .where('id', 'in', groupIds)
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .execute();
  if (found.length !== new Set(groupIds).size) throw projectNotFound();
}

const PROJECT_ORDER = {
  name: sql`lower(name)`,
  description: sql`lower(internal_description)`,
  smsPhone: sql`sms_phone`,
  welcomeSmsMessage: sql`lower(welcome_sms_message)`,
  welcomeEmailMessage: sql`lower(welcome_email_message)`,
} satisfies Record<ProjectSortKey, unknown>;

/** `GET /api/v2/form_group`: a page of the organization's live projects (empty texts last). */
export async function listProjectPage(
  db: Kysely<Database>,
  { organizationId, page }: { organizationId: number; page: PageRequest<ProjectSortKey> },
): Promise<Paged<Project>> {
  const query = db
    .selectFrom('form_groups')
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null);
  const { key, descending } = page.sort;
  const rows = await query
    .select(PROJECT_COLUMNS)
    .orderBy(PROJECT_ORDER[key], (order) => (descending ? order.desc() : order.asc()).nullsLast())
    .orderBy('id')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { content: rows.map(toProject), totalElements: total, page: page.page, pageSize: page.pageSize };
}

/**
 * `PUT /api/form_group/{id}`: the project's new fields. Turning `enableAllFormAccess` on or off
 * gives or takes the members' access to the project's forms, so their future slots follow.
 */
export async function updateProject(
  db: Kysely<Database>,
  {
    organizationId,
    groupId,
    payload,
    now,
  }: { organizationId: number; groupId: number; payload: ProjectPayload; now: Date },
): Promise<Project> {
  return db.transaction().execute(async (trx) => {
    await lockLiveProjects(trx, organizationId, [groupId]);
    const before = await trx
      .selectFrom('form_groups')
      .select('enable_all_form_access')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('form_groups')
      .set({
        name: payload.name,
        internal_description: textOrNull(payload.internalDescription),
        sms_phone: textOrNull(payload.smsPhone),
        welcome_sms_message: textOrNull(payload.welcomeSmsMessage),
        welcome_email_message: textOrNull(payload.welcomeEmailMessage),
        enable_all_form_access: payload.enableAllFormAccess ?? before.enable_all_form_access,
      })
      .where('id', '=', groupId)
      .returning(PROJECT_COLUMNS)
      .executeTakeFirstOrThrow();
    if (row.enable_all_form_access !== before.enable_all_form_access) {
      const members = await trx
        .selectFrom('form_group_members')
        .select('user_id')
        .where('group_id', '=', groupId)
        .execute();
      await refreshProjectSlots(trx, {
        groupIds: [groupId],
        userIds: members.map((member) => member.user_id),
        now,
      });
    }
    return toProject(row);
  });
}

/**
 * `DELETE /api/form_group/{id}`: refused while any of its forms is ACTIVE (pause them first);
 * otherwise its forms leave it and it is soft-deleted; its membership rows stay but give nothing
 * (the `form_access` view reads live projects only).
 */
export async function removeProject(
  db: Kysely<Database>,
  { organizationId, groupId, now }: { organizationId: number; groupId: number; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockLiveProjects(trx, organizationId, [groupId]);
    const forms = await trx
      .selectFrom('forms')
      .select(['id', 'status'])
      .where('group_id', '=', groupId)
      .forUpdate()
      .execute();
    if (forms.some((form) => form.status === 'ACTIVE')) {
      throw new AppError(409, PROJECT_HAS_ACTIVE_FORMS_MESSAGE, 'project-has-active-forms');
    }
    await trx
      .updateTable('forms')
      .set({ group_id: null, updated_at: now })
      .where('group_id', '=', groupId)
      .execute();
    await trx.updateTable('form_groups').set({ removed_at: now }).where('id', '=', groupId).execute();
  });
}

/** What a copy takes over from its original (the name gets a suffix). */
const COPIED_COLUMNS = PROJECT_COLUMNS.filter((column) => column !== 'id');

/** The copy's name: the original's with the suffix, shortened to fit the name's limit. */
export const copyName = (name: string) =>
  name.slice(0, PROJECT_NAME_MAX_LENGTH - PROJECT_COPY_SUFFIX.length) + PROJECT_COPY_SUFFIX;

/**
 * `PUT /api/form_group/{id}/duplicate`: a new project with the same fields, named with ' (kopia)';
 * with `withUsers` the same members, joining today. Forms are not copied (a form belongs to one
 * project; copy it into the new one). The copied members were welcomed to the original already:
 * the copy, still without forms, sends nothing.
 */
export async function duplicateProject(
  db: Kysely<Database>,
  {
    organizationId,
    groupId,
    withUsers,
    today,
  }: { organizationId: number; groupId: number; withUsers: boolean; today: string },
): Promise<Project> {
  return db.transaction().execute(async (trx) => {
    await lockLiveProjects(trx, organizationId, [groupId]);
    const original = await trx
      .selectFrom('form_groups')
      .select(COPIED_COLUMNS)
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    const copy = await trx
      .insertInto('form_groups')
      .values({ ...original, organization_id: organizationId, name: copyName(original.name) })
      .returning(PROJECT_COLUMNS)
      .executeTakeFirstOrThrow();
    if (withUsers) {
      await trx
        .insertInto('form_group_members')
        .columns(['group_id', 'user_id', 'member_since'])
        .expression((eb) =>
          eb
            .selectFrom('form_group_members')
            .select([eb.val(copy.id).as('group_id'), 'user_id', eb.val(today).as('member_since')])
            .where('group_id', '=', groupId),
        )
        .execute();
    }
    return toProject(copy);
  });
}

/** `GET /api/form_group/{id}/forms`: the live project's current forms, by name. */
export async function listProjectForms(
  db: Kysely<Database>,
  { organizationId, groupId }: { organizationId: number; groupId: number },
): Promise<ProjectForm[] | undefined> {
  if (!(await isLiveProject(db, { organizationId, groupId }))) return undefined;
  return db
    .selectFrom('forms')
    .select(['id', 'name'])
    .where('group_id', '=', groupId)
    .where('status', 'not in', ['DELETED', 'PREVIOUS_VERSION'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
