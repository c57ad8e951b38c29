import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  PersonAccess,
  PersonFormAccess,
  ProjectUser,
  ProjectUserUpdate,
} from '@formularze/domain/schemas/projects';
import type { Database } from '../db/schema';
import {
  assignable,
  assignablePeople,
  assignablePerson,
  requireAssignable,
  userNotFound,
  type AccessManager,
} from '../forms/allowed-users-repository';
import { queueProjectWelcome } from '../jobs/assignment-messages';
import { refreshProjectSlots } from './project-slots';
import { isLiveProject, lockLiveProjects } from './projects-repository';

/**
 * The people of a project (§7 `/api/form_group/{id}/allowed_users`, `person_to_groups`) and what
 * one person may fill (§2 "Person access dialog"). Membership alone gives nothing; in a project
 * with `enableAllFormAccess` it opens all the project's forms (the `form_access` view).
 */

interface Caller {
  organizationId: number;
  manager: AccessManager;
}

/** `GET /api/form_group/{id}/allowed_users`: everyone the caller may add, the members selected. */
export async function listProjectUsers(
  db: Kysely<Database>,
  { organizationId, manager, groupId }: Caller & { groupId: number },
): Promise<ProjectUser[] | undefined> {
  if (!(await isLiveProject(db, { organizationId, groupId }))) return undefined;
  const rows = await assignablePeople(db, { organizationId, manager })
    .leftJoin('form_group_members as m', (join) =>
      join.onRef('m.user_id', '=', 'users.id').on('m.group_id', '=', groupId),
    )
    .select('m.group_id as member_of')
    .execute();
  return rows.map((row) => ({ ...assignablePerson(row), selected: row.member_of !== null }));
}

/** Adds `userIds` to the projects (those already in stay as they were); the new ones are welcomed. */
async function addMembers(
  trx: Transaction<Database>,
  { groupIds, userIds, today }: { groupIds: number[]; userIds: number[]; today: string },
): Promise<void> {
  if (!groupIds.length || !userIds.length) return;
  const added = await trx
    .insertInto('form_group_members')
    .values(
      groupIds.flatMap((groupId) =>
        userIds.map((userId) => ({ group_id: groupId, user_id: userId, member_since: today })),
      ),
    )
    .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
    .returning(['group_id', 'user_id'])
    .execute();
  for (const groupId of groupIds) {
    const newcomers = added.filter((row) => row.group_id === groupId).map((row) => row.user_id);
    if (newcomers.length) await queueProjectWelcome(trx, { projectId: groupId, userIds: newcomers });
  }
}

async function removeMembers(
  trx: Transaction<Database>,
  { groupIds, userIds }: { groupIds: number[]; userIds: number[] },
): Promise<void> {
  if (!groupIds.length || !userIds.length) return;
  await trx
    .deleteFrom('form_group_members')
    .where('group_id', 'in', groupIds)
    .where('user_id', 'in', userIds)
    .execute();
}

/**
 * `PUT /api/form_group/{id}/allowed_users`: adds the selected people and removes the others listed;
 * people added get the project's welcome messages.
 */
export async function updateProjectUsers(
  db: Kysely<Database>,
  {
    organizationId,
    manager,
    groupId,
    entries,
    today,
    now,
  }: Caller & { groupId: number; entries: ProjectUserUpdate[]; today: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockLiveProjects(trx, organizationId, [groupId]);
    const userIds = [...new Set(entries.map((entry) => entry.userId))];
    await requireAssignable(trx, { organizationId, manager, userIds });
    const chosen = (selected: boolean) =>
      entries.filter((entry) => entry.selected === selected).map((entry) => entry.userId);
    await removeMembers(trx, { groupIds: [groupId], userIds: chosen(false) });
    await addMembers(trx, { groupIds: [groupId], userIds: chosen(true), today });
    await refreshProjectSlots(trx, { groupIds: [groupId], userIds, now });
  });
}

async function projectIdsOf(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: number,
  personId: number,
) {
  const rows = await db
    .selectFrom('form_group_members as m')
    .innerJoin('form_groups as g', 'g.id', 'm.group_id')
    .select('g.id')
    .where('m.user_id', '=', personId)
    .where('g.organization_id', '=', organizationId)
    .where('g.removed_at', 'is', null)
    .orderBy('g.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * `POST /api/form_group/person_to_groups/{personId}`: makes the person a member of exactly the
 * given live projects; answers their project ids afterwards.
 */
export async function setPersonProjects(
  db: Kysely<Database>,
  {
    organizationId,
    manager,
    personId,
    groupIds,
    today,
    now,
  }: Caller & { personId: number; groupIds: number[]; today: string; now: Date },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await requireAssignable(trx, { organizationId, manager, userIds: [personId] });
    const wanted = [...new Set(groupIds)];
    await lockLiveProjects(trx, organizationId, wanted);
    const current = await projectIdsOf(trx, organizationId, personId);
    const left = current.filter((id) => !wanted.includes(id));
    await removeMembers(trx, { groupIds: left, userIds: [personId] });
    await addMembers(trx, { groupIds: wanted, userIds: [personId], today });
    await refreshProjectSlots(trx, { groupIds: [...left, ...wanted], userIds: [personId], now });
    return projectIdsOf(trx, organizationId, personId);
  });
}

/**
 * `GET /api/form_group/person_access/{personId}`: the organization's live projects with the person's
 * membership, and every current form (deleted ones and earlier editions never) with both kinds of access.
 */
export async function findPersonAccess(
  db: Kysely<Database>,
  { organizationId, manager, personId }: Caller & { personId: number },
): Promise<PersonAccess> {
  const person = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', personId)
    .where(assignable(organizationId, manager))
    .executeTakeFirst();
  if (!person) throw userNotFound();
  const projects = await db
    .selectFrom('form_groups as g')
    .leftJoin('form_group_members as m', (join) =>
      join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', personId),
    )
    .select(['g.id', 'g.name', 'g.enable_all_form_access', 'm.user_id as member'])
    .where('g.organization_id', '=', organizationId)
    .where('g.removed_at', 'is', null)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .execute();
  const forms = await db
    .selectFrom('forms as f')
    .leftJoin('form_access as a', (join) =>
      join.onRef('a.form_id', '=', 'f.id').on('a.user_id', '=', personId),
    )
    .select(['f.id', 'f.name', 'f.status', 'f.group_id', 'a.direct', 'a.by_project'])
    .where('f.organization_id', '=', organizationId)
    .where('f.status', 'not in', ['DELETED', 'PREVIOUS_VERSION'])
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .execute();
  const access = (row: (typeof forms)[number]): PersonFormAccess => ({
    id: row.id,
    name: row.name,
    status: row.status,
    granted: row.direct ?? false,
    grantedByProject: row.by_project ?? false,
  });
  const live = new Set(projects.map((project) => project.id));
  return {
    projects: projects.map((project) => ({
      id: project.id,
      name: project.name,
      enableAllFormAccess: project.enable_all_form_access,
      member: project.member !== null,
      forms: forms.filter((form) => form.group_id === project.id).map(access),
    })),
    formsWithoutProject: forms
      .filter((form) => form.group_id === null || !live.has(form.group_id))
      .map(access),
  };
}
