import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import {
  assignmentActiveOn,
  assignmentDates,
  type AllowedUser,
  type AllowedUserUpdate,
  type FormStatus,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { queueWelcomeMessages } from '../jobs/assignment-messages';
import { assertFormAction, formNotFound } from './form-lifecycle';
import { refreshSlots } from './scheduled-forms-repository';
import { liveFormsOf } from './live-forms';

/**
 * Who may fill which form, and when. Owners assign anyone of their organization but owners;
 * editors assign patients only (§6: "editors see only patients").
 */
export type AccessManager = 'owner' | 'editor';

/** The roles of a person's stored `authorities` (comma-separated). */
export const rolesOf = (authorities: string) =>
  authorities
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);

export const userNotFound = () => new AppError(404, 'Nie znaleziono użytkownika', 'user-not-found');

/** The people `manager` may assign in the organization (removed people never). */
export function assignable(organizationId: number, manager: AccessManager) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const staffRoles =
      manager === 'owner' ? ['ROLE_OWNER', 'ROLE_ADMIN'] : ['ROLE_OWNER', 'ROLE_ADMIN', 'ROLE_EDITOR'];
    return eb.and([
      eb('users.organization_id', '=', organizationId),
      eb('users.removed_at', 'is', null),
      ...staffRoles.map((role) => eb('users.authorities', 'not like', `%${role}%`)),
    ]);
  };
}

/**
 * The people `manager` may assign in the organization, as the assignment lists show them: their
 * names, contacts and roles (`assignablePerson`), by surname, then first name (case-insensitive,
 * unnamed last), then id. Each list joins what it marks them with.
 */
export function assignablePeople(
  db: Kysely<Database>,
  { organizationId, manager }: { organizationId: number; manager: AccessManager },
) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.first_name',
      'users.surname',
      'users.email',
      'users.phone',
      'users.authorities',
    ])
    .where(assignable(organizationId, manager))
    .orderBy(sql`lower(users.surname)`, (order) => order.asc().nullsLast())
    .orderBy(sql`lower(users.first_name)`, (order) => order.asc().nullsLast())
    .orderBy('users.id');
}

/** A row of `assignablePeople` as the lists send it. */
export const assignablePerson = (row: {
  id: number;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  authorities: string;
}) => ({
  userId: row.id,
  firstName: row.first_name,
  surname: row.surname,
  mail: row.email,
  phone: row.phone,
  roles: rolesOf(row.authorities),
});

interface AssignableForm {
  id: number;
  status: FormStatus;
  schedule: Schedule | null;
  defaultAssignmentDuration: number;
}

async function lockAssignableForms(
  trx: Transaction<Database>,
  organizationId: number,
  formIds: number[],
): Promise<AssignableForm[]> {
  if (!formIds.length) return [];
  const rows = await liveFormsOf(trx, organizationId)
    .select(['id', 'status', 'schedule', 'settings'])
    .where('id', 'in', formIds)
    .forUpdate()
    .execute();
  if (rows.length !== new Set(formIds).size) throw formNotFound();
  return rows.map((row) => {
    assertFormAction('assign-users', { status: row.status, hasProject: false, templateEmpty: false });
    return {
      id: row.id,
      status: row.status,
      schedule: row.schedule,
      defaultAssignmentDuration: row.settings.defaultAssignmentDuration,
    };
  });
}

/** Slots follow assignments while the form is active; otherwise only the unstarted ones go. */
const slotSchedule = (form: AssignableForm) => (form.status === 'ACTIVE' ? form.schedule : null);

/** `GET /api/forms/{id}/allowed_users`: everyone the manager may assign, the assigned ones selected. */
export async function listAllowedUsers(
  db: Kysely<Database>,
  {
    organizationId,
    formId,
    manager,
    today,
  }: { organizationId: number; formId: number; manager: AccessManager; today: string },
): Promise<AllowedUser[] | undefined> {
  const form = await liveFormsOf(db, organizationId).select('id').where('id', '=', formId).executeTakeFirst();
  if (!form) return undefined;
  const rows = await assignablePeople(db, { organizationId, manager })
    .leftJoin('form_allowed_users as a', (join) =>
      join.onRef('a.user_id', '=', 'users.id').on('a.form_id', '=', formId),
    )
    .leftJoin('form_access as access', (join) =>
      join.onRef('access.user_id', '=', 'users.id').on('access.form_id', '=', formId),
    )
    .select([
      'access.by_project',
      'a.form_id as assigned_form_id',
      sql<string | null>`a.valid_since::text`.as('valid_since'),
      sql<string | null>`a.valid_to::text`.as('valid_to'),
    ])
    .execute();
  return rows.map((row) => {
    const selected = row.assigned_form_id !== null;
    const dates = { validSince: row.valid_since, validTo: row.valid_to };
    return {
      ...assignablePerson(row),
      selected,
      ...dates,
      activeNow: selected && assignmentActiveOn(today, dates),
      grantedByProject: row.by_project ?? false,
    };
  });
}

export async function requireAssignable(
  trx: Kysely<Database>,
  { organizationId, manager, userIds }: { organizationId: number; manager: AccessManager; userIds: number[] },
): Promise<void> {
  if (!userIds.length) return;
  const found = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where(assignable(organizationId, manager))
    .execute();
  if (found.length !== new Set(userIds).size) throw userNotFound();
}

/**
 * `PUT /api/forms/{id}/allowed_users`: selects and deselects people and sets their dates (§5
 * "Access assignment dates"). A start that was already stored is kept even when it has passed;
 * a new or changed start in the past becomes today.
 */
export async function updateAllowedUsers(
  db: Kysely<Database>,
  {
    organizationId,
    formId,
    manager,
    entries,
    today,
    now,
  }: {
    organizationId: number;
    formId: number;
    manager: AccessManager;
    entries: AllowedUserUpdate[];
    today: string;
    now: Date;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [form] = await lockAssignableForms(trx, organizationId, [formId]);
    const userIds = entries.map((entry) => entry.userId);
    await requireAssignable(trx, { organizationId, manager, userIds });
    if (!form || !userIds.length) return;
    const stored = new Map(
      (
        await trx
          .selectFrom('form_allowed_users')
          .select(['user_id', sql<string>`valid_since::text`.as('valid_since')])
          .where('form_id', '=', formId)
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => [row.user_id, row.valid_since]),
    );
    const deselected = entries.filter((entry) => !entry.selected).map((entry) => entry.userId);
    if (deselected.length) {
      await trx
        .deleteFrom('form_allowed_users')
        .where('form_id', '=', formId)
        .where('user_id', 'in', deselected)
        .execute();
    }
    const assignments = entries
      .filter((entry) => entry.selected)
      .map((entry) => {
        const keptStart = stored.get(entry.userId);
        const dates = assignmentDates(entry, {
          today: keptStart !== undefined && keptStart === entry.validSince ? keptStart : today,
          defaultAssignmentDuration: form.defaultAssignmentDuration,
        });
        return {
          form_id: formId,
          user_id: entry.userId,
          valid_since: dates.validSince,
          valid_to: dates.validTo,
        };
      });
    if (assignments.length) {
      await trx
        .insertInto('form_allowed_users')
        .values(assignments)
        .onConflict((conflict) =>
          conflict.columns(['form_id', 'user_id']).doUpdateSet((eb) => ({
            valid_since: eb.ref('excluded.valid_since'),
            valid_to: eb.ref('excluded.valid_to'),
          })),
        )
        .execute();
    }
    const ofForm = (userId: number) => ({ formId, userId });
    const newcomers = assignments.map((row) => row.user_id).filter((userId) => !stored.has(userId));
    await queueWelcomeMessages(trx, newcomers.map(ofForm));
    await refreshSlots(trx, { formId, schedule: slotSchedule(form), now, userIds });
  });
}

/**
 * `PUT /api/forms/person_to_forms/{personId}`: grants one person the `allow` forms (from today,
 * for each form's default duration; an existing assignment keeps its dates) and takes away the
 * `disallow` ones.
 */
export async function setPersonForms(
  db: Kysely<Database>,
  {
    organizationId,
    personId,
    manager,
    allow,
    disallow,
    today,
    now,
  }: {
    organizationId: number;
    personId: number;
    manager: AccessManager;
    allow: number[];
    disallow: number[];
    today: string;
    now: Date;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireAssignable(trx, { organizationId, manager, userIds: [personId] });
    const forms = await lockAssignableForms(trx, organizationId, [...new Set([...allow, ...disallow])]);
    const granted = forms.filter((form) => allow.includes(form.id));
    const assignedTo = (rows: { form_id: number }[]) =>
      rows.map((row) => ({ formId: row.form_id, userId: personId }));
    if (granted.length) {
      const added = await trx
        .insertInto('form_allowed_users')
        .values(
          granted.map((form) => {
            const dates = assignmentDates(
              {},
              { today, defaultAssignmentDuration: form.defaultAssignmentDuration },
            );
            return {
              form_id: form.id,
              user_id: personId,
              valid_since: dates.validSince,
              valid_to: dates.validTo,
            };
          }),
        )
        .onConflict((conflict) => conflict.columns(['form_id', 'user_id']).doNothing())
        .returning('form_id')
        .execute();
      await queueWelcomeMessages(trx, assignedTo(added));
    }
    if (disallow.length) {
      await trx
        .deleteFrom('form_allowed_users')
        .where('user_id', '=', personId)
        .where('form_id', 'in', disallow)
        .execute();
    }
    for (const form of forms) {
      await refreshSlots(trx, { formId: form.id, schedule: slotSchedule(form), now, userIds: [personId] });
    }
  });
}
