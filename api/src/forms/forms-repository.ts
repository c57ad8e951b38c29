import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import {
  isTemplateEmpty,
  templateFields,
  type FormLayout,
  type SavedField,
} from '@formularze/domain/schemas/form-template';
import {
  expandEveryday,
  FORM_NAME_MAX_LENGTH,
  formSettingsOf,
  type FormDetails,
  type FormEdition,
  type FormListItem,
  type FormListSortKey,
  type FormPayload,
  type FormStatus,
  type FormTemplate,
  type SavedFormRef,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import type { PageRequest, Paged } from '@formularze/domain/schemas/paging';
import {
  FORM_WITHOUT_PROJECT_MESSAGE,
  PROJECT_NOT_FOUND_MESSAGE,
  SAME_PROJECT_MESSAGE,
} from '@formularze/domain/schemas/projects';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import type { StoredJson } from '../core/http/stored-response';
import { filledFormCount, formHasData, slotHasData } from './filled-data';
import { assertFormAction, formNotFound, statusAfter, type FormAction } from './form-lifecycle';
import { refreshSlots, scheduled } from './scheduled-forms-repository';
import { PROJECT_COLUMNS, liveProjectOfForm, projectOfRow } from './live-project';

type Db = Kysely<Database> | Transaction<Database>;

/** Statuses that never appear in an organization's form list. */
const UNLISTED: FormStatus[] = ['DELETED', 'PREVIOUS_VERSION'];

const countAll = sql<number>`count(*)::int`;

/** Assignments in force on `today` (calendar day): the "active now" users of a form. */
const activeOn = (today: string) => (eb: ExpressionBuilder<Database, 'form_access'>) =>
  eb.and([eb('valid_since', '<=', today), eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', today)])]);

/** The organization's forms (any edition, deleted ones excluded) with their project and counts. */
function formsOf(db: Db, organizationId: number, today: string) {
  return db
    .selectFrom('forms as f')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '!=', 'DELETED')
    .select((eb) => [
      'f.id',
      'f.name',
      'f.description',
      'f.status',
      'f.edition',
      'f.bag_id',
      'f.settings',
      'f.schedule',
      ...PROJECT_COLUMNS,
      // People who may fill it: assigned directly or members of a project giving all its forms.
      eb
        .selectFrom('form_access')
        .whereRef('form_access.form_id', '=', 'f.id')
        .select(countAll.as('n'))
        .as('user_count'),
      eb
        .selectFrom('form_access')
        .whereRef('form_access.form_id', '=', 'f.id')
        .where(activeOn(today))
        .select(countAll.as('n'))
        .as('active_user_count'),
      filledFormCount(eb.ref('f.bag_id')).as('filled_count'),
    ]);
}

type FormSummaryRow = Awaited<ReturnType<ReturnType<typeof formsOf>['executeTakeFirstOrThrow']>>;

function toListItem(row: FormSummaryRow): FormListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    edition: row.edition,
    formGroup: projectOfRow(row),
    bag: { id: row.bag_id },
    numberOfUsers: Number(row.user_count ?? 0),
    numberOfUsersActiveNow: Number(row.active_user_count ?? 0),
    filledFormCount: Number(row.filled_count),
    defaultAssignmentDuration: row.settings.defaultAssignmentDuration,
    layoutId: row.id,
    allowDrafting: row.settings.allowDrafting,
    schedule: row.schedule,
  };
}

const SORT_EXPRESSIONS = {
  name: sql`lower(f.name)`,
  projectName: sql`lower(g.name)`,
  status: sql`f.status`,
  userCount: sql`user_count`,
  answerCount: sql`filled_count`,
} satisfies Record<FormListSortKey, unknown>;

/** `GET /api/v2/forms`: the current edition of each of the organization's forms. */
export async function listForms(
  db: Kysely<Database>,
  {
    organizationId,
    today,
    page,
  }: { organizationId: number; today: string; page: PageRequest<FormListSortKey> },
): Promise<Paged<FormListItem>> {
  const { key, descending } = page.sort;
  const rows = await formsOf(db, organizationId, today)
    .where('f.status', 'not in', UNLISTED)
    // Forms without a project come last either way.
    .orderBy(SORT_EXPRESSIONS[key], (order) => (descending ? order.desc() : order.asc()).nullsLast())
    // Equal keys (same project, status or count) list by name.
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const { total } = await db
    .selectFrom('forms')
    .where('organization_id', '=', organizationId)
    .where('status', 'not in', UNLISTED)
    .select(countAll.as('total'))
    .executeTakeFirstOrThrow();
  return { content: rows.map(toListItem), totalElements: total, page: page.page, pageSize: page.pageSize };
}

/** `GET /api/forms/{id}`: any edition but a deleted one. */
export async function findFormDetails(
  db: Kysely<Database>,
  { organizationId, formId, today }: { organizationId: number; formId: number; today: string },
): Promise<FormDetails | undefined> {
  const row = await formsOf(db, organizationId, today)
    .where('f.id', '=', formId)
    .select(['f.template', 'f.rules', 'f.created_at', 'f.updated_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toListItem(row),
    ...row.settings,
    layoutElementObject: row.template,
    formRules: row.rules,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The template read of a fill page, compiled once for staff and once for patients. */
const templateJson = compiledOnce(
  (
    db,
    { organizationId, formId, userId }: { organizationId: number; formId: number; userId: number },
    assigned: boolean,
  ) =>
    db
      .selectFrom('forms as f')
      // The fields of FormTemplate (domain/src/schemas/forms.ts).
      .select(
        sql<StoredJson<FormTemplate>>`json_build_object(
          'layoutId', f.id, 'layoutElementObject', f.template, 'name', f.name,
          'description', f.description, 'status', f.status,
          'allowDrafting', f.settings -> 'allowDrafting', 'schedule', f.schedule
        )::text`.as('json'),
      )
      .where('f.id', '=', formId)
      .where('f.organization_id', '=', organizationId)
      .where('f.status', '!=', 'DELETED')
      .$if(assigned, (query) =>
        query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('form_access as a')
              .whereRef('a.form_id', '=', 'f.id')
              .where('a.user_id', '=', userId)
              .select('a.user_id'),
          ),
        ),
      ),
);

/**
 * `GET /api/form_template/{id}`: what the filling page renders, as the JSON the route sends, built
 * by the database: the layout goes out as it was stored (core/http/stored-response.ts). With
 * `assignedTo`, only a form assigned to that person (a patient sees nothing else).
 */
export async function findTemplateJson(
  db: Kysely<Database>,
  { organizationId, formId, assignedTo }: { organizationId: number; formId: number; assignedTo?: number },
): Promise<StoredJson<FormTemplate> | undefined> {
  const args = { organizationId, formId, userId: assignedTo ?? 0 };
  const { rows } = await db.executeQuery(templateJson(db, args, assignedTo !== undefined));
  return rows[0]?.json;
}

/** The schedule as stored: an EVERYDAY period written out for each day (§4). */
function storedSchedule(schedule: Schedule | null | undefined): string | null {
  return schedule ? JSON.stringify({ ...schedule, timePeriods: expandEveryday(schedule.timePeriods) }) : null;
}

function storedValues(payload: FormPayload) {
  return {
    name: payload.name,
    description: payload.description ?? null,
    template: JSON.stringify(payload.layoutElementObject),
    rules: JSON.stringify(payload.formRules ?? []),
    settings: JSON.stringify(formSettingsOf(payload)),
    schedule: storedSchedule(payload.schedule),
  };
}

/**
 * Keeps the dictionaries marked `saveDictionaryGlobally` among the organization's saved fields,
 * under their field's label; a label saved before is replaced.
 */
async function saveDictionaries(
  trx: Db,
  organizationId: number,
  layout: FormLayout,
  now: Date,
): Promise<void> {
  const byLabel = new Map<string, string>();
  for (const { field } of templateFields(layout)) {
    const label = field.label?.trim();
    if (field.type === 'DICTIONARY' && field.saveDictionaryGlobally && field.dictionary && label) {
      byLabel.set(label, JSON.stringify(field.dictionary));
    }
  }
  if (!byLabel.size) return;
  await trx
    .insertInto('saved_fields')
    .values(
      [...byLabel].map(([label, dictionary]) => ({ organization_id: organizationId, label, dictionary })),
    )
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'label']).doUpdateSet((eb) => ({
        dictionary: eb.ref('excluded.dictionary'),
        updated_at: now,
      })),
    )
    .execute();
}

export async function listSavedFields(db: Kysely<Database>, organizationId: number): Promise<SavedField[]> {
  return db
    .selectFrom('saved_fields')
    .select(['id', 'label', 'dictionary'])
    .where('organization_id', '=', organizationId)
    .orderBy(sql`lower(label)`)
    .orderBy('id')
    .execute();
}

const toRef = (row: { id: number; edition: number; bag_id: number }): SavedFormRef => ({
  id: row.id,
  edition: row.edition,
  bag: { id: row.bag_id },
});

export async function createForm(
  db: Kysely<Database>,
  {
    organizationId,
    userId,
    payload,
    now,
  }: { organizationId: number; userId: number; payload: FormPayload; now: Date },
): Promise<SavedFormRef> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('forms')
      .values({ ...storedValues(payload), organization_id: organizationId, created_by: userId })
      .returning(['id', 'edition', 'bag_id'])
      .executeTakeFirstOrThrow();
    await saveDictionaries(trx, organizationId, payload.layoutElementObject, now);
    return toRef(row);
  });
}

/** The form, locked until the transaction ends, with what its status rules look at. */
async function lockForm(trx: Transaction<Database>, organizationId: number, formId: number) {
  const form = await trx
    .selectFrom('forms as f')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .select([
      'f.id',
      'f.bag_id',
      'f.edition',
      'f.name',
      'f.description',
      'f.status',
      'f.template',
      'f.rules',
      'f.settings',
      'f.schedule',
      'f.group_id',
      'g.id as live_group_id',
    ])
    .where('f.id', '=', formId)
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '!=', 'DELETED')
    // Only the form's row: the project (the nullable side of the join) cannot be locked.
    .forUpdate('f')
    .executeTakeFirst();
  if (!form) throw formNotFound();
  return form;
}

type LockedForm = Awaited<ReturnType<typeof lockForm>>;

function allow(action: FormAction, form: LockedForm): void {
  assertFormAction(action, {
    status: form.status,
    hasProject: form.live_group_id !== null,
    templateEmpty: isTemplateEmpty(form.template),
  });
}

export interface FormChange {
  organizationId: number;
  formId: number;
  now: Date;
}

/**
 * `PUT /api/forms/{id}`. A form that has answers keeps them with its edition: the change becomes a
 * new edition in the same bag (the old one turns PREVIOUS_VERSION), which takes over the
 * assignments and the slots nobody has answered yet; the answer names the edition to open.
 */
export async function updateForm(
  db: Kysely<Database>,
  { organizationId, formId, now, userId, payload }: FormChange & { userId: number; payload: FormPayload },
  hasData: (db: Db, formId: number) => Promise<boolean> = formHasData,
): Promise<SavedFormRef> {
  return db.transaction().execute(async (trx) => {
    const current = await lockForm(trx, organizationId, formId);
    allow('edit', current);
    const values = storedValues(payload);
    let saved: SavedFormRef;
    if (await hasData(trx, formId)) {
      const next = await trx
        .insertInto('forms')
        .values({
          ...values,
          organization_id: organizationId,
          bag_id: current.bag_id,
          edition: current.edition + 1,
          status: current.status,
          group_id: current.group_id,
          created_by: userId,
        })
        .returning(['id', 'edition', 'bag_id'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('forms')
        .set({ status: 'PREVIOUS_VERSION', updated_at: now })
        .where('id', '=', formId)
        .execute();
      await trx
        .insertInto('form_allowed_users')
        .columns(['form_id', 'user_id', 'valid_since', 'valid_to'])
        .expression(
          trx
            .selectFrom('form_allowed_users')
            .select([sql<number>`${next.id}::int`.as('form_id'), 'user_id', 'valid_since', 'valid_to'])
            .where('form_id', '=', formId),
        )
        .execute();
      // Windows still to come, or open and untouched, are the new edition's to fill; those answered
      // (or drafted) keep the edition their answers follow.
      await trx
        .updateTable('scheduled_forms')
        .set({ form_id: next.id })
        .where('form_id', '=', formId)
        .where((eb) =>
          eb.or([
            eb('starts_at', '>', now),
            eb.and([eb('ends_at', '>', now), eb.not(slotHasData(eb.ref('scheduled_forms.id')))]),
          ]),
        )
        .execute();
      saved = toRef(next);
    } else {
      const row = await trx
        .updateTable('forms')
        .set({ ...values, updated_at: now })
        .where('id', '=', formId)
        .returning(['id', 'edition', 'bag_id'])
        .executeTakeFirstOrThrow();
      saved = toRef(row);
    }
    await saveDictionaries(trx, organizationId, payload.layoutElementObject, now);
    return saved;
  });
}

/** `DELETE /api/forms/{id}`: the form with all its editions, kept in the database but never listed. */
export async function removeForm(
  db: Kysely<Database>,
  { organizationId, formId, now }: FormChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, organizationId, formId);
    allow('remove', form);
    await trx
      .updateTable('forms')
      .set({ status: statusAfter('remove', form.status), removed_at: now, updated_at: now })
      .where('bag_id', '=', form.bag_id)
      .execute();
    await trx
      .deleteFrom('scheduled_forms')
      .where('form_id', '=', formId)
      .where('starts_at', '>', now)
      .execute();
  });
}

/** The name of a copy: the original's, marked, within the name's length limit. */
export function copyName(name: string): string {
  const suffix = ' - kopia';
  return `${name.slice(0, FORM_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/**
 * `PUT /api/forms/{id}/duplicate`: a new form (its own bag, first edition, DRAFT) with the same
 * template, settings and project; assignments are not copied. With `intoGroupId`
 * (`POST /api/form_group/clone_form_to_group`), the copy keeps the original's name and goes to that
 * project instead, which must be another live project of the organization.
 */
export async function duplicateForm(
  db: Kysely<Database>,
  {
    organizationId,
    formId,
    userId,
    intoGroupId,
  }: Omit<FormChange, 'now'> & { userId: number; intoGroupId?: number },
): Promise<SavedFormRef> {
  return db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, organizationId, formId);
    allow('duplicate', form);
    if (intoGroupId !== undefined) await assertOtherLiveProject(trx, organizationId, form, intoGroupId);
    const row = await trx
      .insertInto('forms')
      .values({
        organization_id: organizationId,
        name: intoGroupId === undefined ? copyName(form.name) : form.name,
        description: form.description,
        template: JSON.stringify(form.template),
        rules: JSON.stringify(form.rules),
        settings: JSON.stringify(form.settings),
        schedule: form.schedule && JSON.stringify(form.schedule),
        group_id: intoGroupId ?? form.group_id,
        created_by: userId,
      })
      .returning(['id', 'edition', 'bag_id'])
      .executeTakeFirstOrThrow();
    return toRef(row);
  });
}

/**
 * `PUT /api/forms/{id}/activate`: needs a project and something to fill; the slots of a scheduled
 * form are made for everyone assigned.
 */
export async function activateForm(
  db: Kysely<Database>,
  { organizationId, formId, now }: FormChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, organizationId, formId);
    allow('activate', form);
    await trx
      .updateTable('forms')
      .set({ status: statusAfter('activate', form.status), updated_at: now })
      .where('id', '=', formId)
      .execute();
    await refreshSlots(trx, { formId, schedule: form.schedule, now });
  });
}

/** `PUT /api/forms/{id}/deactivate`: pauses an active form; its slots stay for when it resumes. */
export async function deactivateForm(
  db: Kysely<Database>,
  { organizationId, formId, now }: FormChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, organizationId, formId);
    allow('deactivate', form);
    await trx
      .updateTable('forms')
      .set({ status: statusAfter('deactivate', form.status), updated_at: now })
      .where('id', '=', formId)
      .execute();
  });
}

/** Whether `groupId` is a live project of the organization. */
export async function isLiveProject(
  db: Kysely<Database>,
  { organizationId, groupId }: { organizationId: number; groupId: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('form_groups')
    .select('id')
    .where('id', '=', groupId)
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Refuses a target project that is not one of the organization's live projects (404) or is the
 * form's current one (§5: copy or move needs another project).
 */
async function assertOtherLiveProject(
  trx: Transaction<Database>,
  organizationId: number,
  form: LockedForm,
  groupId: number,
): Promise<void> {
  if (!(await isLiveProject(trx, { organizationId, groupId })))
    throw new AppError(404, PROJECT_NOT_FOUND_MESSAGE, 'project-not-found');
  if (form.live_group_id === groupId) throw new AppError(409, SAME_PROJECT_MESSAGE, 'same-project');
}

/**
 * Puts a form (all its editions) into another of the organization's live projects, or out of its
 * project (null). For the project calls (move, detach), which must not move an active form.
 */
export async function changeFormProject(
  db: Kysely<Database>,
  { organizationId, formId, now, groupId }: FormChange & { groupId: number | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const form = await lockForm(trx, organizationId, formId);
    allow('change-project', form);
    if (groupId !== null) await assertOtherLiveProject(trx, organizationId, form, groupId);
    else if (form.live_group_id === null) {
      throw new AppError(409, FORM_WITHOUT_PROJECT_MESSAGE, 'form-not-in-project');
    }
    await trx
      .updateTable('forms')
      .set({ group_id: groupId, updated_at: now })
      // Every edition: the results of older editions stay with the form's project.
      .where('bag_id', '=', form.bag_id)
      .execute();
  });
}

/** `GET /api/forms/{id}/old_versions`: every edition of the form's bag, newest first. */
export async function listEditions(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<FormEdition[] | undefined> {
  const rows = await db
    .selectFrom('forms as f')
    .innerJoin('forms as edition', 'edition.bag_id', 'f.bag_id')
    .select(['edition.id', 'edition.name', 'edition.edition', 'edition.status', 'edition.created_at'])
    .where('f.id', '=', formId)
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '!=', 'DELETED')
    .where('edition.status', '!=', 'DELETED')
    .orderBy('edition.edition', 'desc')
    .execute();
  if (!rows.length) return undefined;
  return rows.map(({ created_at, ...edition }) => ({ ...edition, createdAt: created_at.toISOString() }));
}

/**
 * `GET /api/forms/has-only-one-scheduled-form`: the organization's one active scheduled form, when
 * it has exactly one (the side menu then opens its results directly, §2 "Results page").
 */
export async function findOnlyScheduledForm(
  db: Kysely<Database>,
  organizationId: number,
): Promise<{ id: number; name: string } | null> {
  const forms = await db
    .selectFrom('forms as f')
    .select(['f.id', 'f.name'])
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '=', 'ACTIVE')
    .where(scheduled)
    .limit(2)
    .execute();
  return forms.length === 1 ? forms[0]! : null;
}
