/** The queries of filled data; the rules of saving are in filled-data-service.ts. */
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  FilledForm,
  FilledFormState,
  FilledFormSummary,
  FilledItem,
  FormMetadata,
  MyFilledSortKey,
} from '@formularze/domain/schemas/filled-data';
import { templateFields, type FormLayout } from '@formularze/domain/schemas/form-template';
import type { UploadedFile } from '@formularze/domain/schemas/uploads';
import type { PageRequest, Paged } from '@formularze/domain/schemas/paging';
import { compiledOnce } from '../db/compiled-once';
import type { Database, FormDataTable } from '../db/schema';
import type { AlertPerson } from '../jobs/alert-message';
import { liveProjectOfForm, projectOfRow } from '../forms/live-project';
import { filledDataNotFound } from './filled-data-errors';
import { FILLING_CONTEXT_COLUMNS, FILLING_OUTCOME_COLUMNS, fillerOf, liveFillingsOf } from './filling-rows';
import { filesOfFilledForm } from './uploaded-files-repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Who acts on filled data: the signed-in member, and what their permissions let them do. */
export interface FilledDataCaller {
  userId: number;
  organizationId: number;
  /** Staff who may fill any active form of the organization (`forms:fetch`); patients fill assigned ones. */
  fillsAnyForm: boolean;
  /** Staff who review results (`results-page:view`): they read everyone's data of the organization, with points. */
  readsAllData: boolean;
}

/* ------------------------------------------------------------------ saving */

/**
 * The organization's live form (any status but DELETED) a filling is about, and whether its
 * organization has a webhook for submissions: read here, so a save without one asks nothing more.
 * With `assignedTo`, also that person's assignment to it, directly or through its project (the
 * `form_access` view; null: not assigned), in the same statement.
 */
export function findFillableForm(
  db: Db,
  { organizationId, formId, assignedTo }: { organizationId: number; formId: number; assignedTo?: number },
) {
  return db
    .selectFrom('forms')
    .select(['id', 'name', 'status', 'template', 'rules', 'settings', 'schedule', 'organization_id'])
    .select(formVersion(sql.ref('forms')).as('version'))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('organizations as o')
            .select('o.id')
            .whereRef('o.id', '=', 'forms.organization_id')
            .where('o.form_data_created_webhook_url', 'is not', null),
        )
        .as('has_webhook'),
    )
    .select(
      (assignedTo === undefined
        ? sql<Assignment | null>`null`
        : sql<Assignment | null>`(
            select json_build_object('valid_since', a.valid_since::text, 'valid_to', a.valid_to::text)
            from form_access a where a.form_id = forms.id and a.user_id = ${assignedTo} limit 1
          )`
      ).as('assignment'),
    )
    .where('id', '=', formId)
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
}

/** The form's row as a save read it: its version, drawn anew by the database at every change (migration 0073). */
const formVersion = (form: RawBuilder<unknown>) => sql<string>`${form}.version::text`;

/** The days a person may fill a form they are assigned to (`date` columns, as text). */
interface Assignment {
  valid_since: string;
  valid_to: string | null;
}

/** The edition in force of the form's bag, or null when every edition of it is history or deleted. */
export async function findCurrentEditionId(
  db: Db,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<number | null> {
  const row = await db
    .selectFrom('forms as asked')
    .innerJoin('forms as current', 'current.bag_id', 'asked.bag_id')
    .select('current.id')
    .where('asked.id', '=', formId)
    .where('asked.organization_id', '=', organizationId)
    .where('current.organization_id', '=', organizationId)
    .where('current.status', 'not in', ['DELETED', 'PREVIOUS_VERSION'])
    .orderBy('current.edition', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The person's slot of a scheduled form. */
export function findSlot(
  db: Db,
  { slotId, formId, userId }: { slotId: number; formId: number; userId: number },
) {
  return db
    .selectFrom('scheduled_forms')
    .select(['id', 'starts_at', 'ends_at', 'edit_minutes_after_save'])
    .where('id', '=', slotId)
    .where('form_id', '=', formId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Holds the slot until the transaction ends: a second save for it waits, then sees the first. */
export async function lockSlot(trx: Transaction<Database>, slotId: number): Promise<void> {
  await trx.selectFrom('scheduled_forms').select('id').where('id', '=', slotId).forUpdate().execute();
}

/** Whether a live filling already uses the slot. */
export async function isSlotFilled(db: Db, slotId: number): Promise<boolean> {
  const taken = await db
    .selectFrom('form_data')
    .select('id')
    .where('scheduled_form_id', '=', slotId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function insertFormMetadata(
  db: Db,
  { formId, userId }: { formId: number; userId: number },
): Promise<FormMetadata> {
  const row = await db
    .insertInto('form_metadata')
    .values({ form_id: formId, user_id: userId })
    .returning(['id', 'form_id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, form: { id: row.form_id }, createdAt: row.created_at.toISOString() };
}

/** Whether the metadata record was started by the person for that form. */
export async function isOwnFormMetadata(
  db: Db,
  { metadataId, formId, userId }: { metadataId: number; formId: number; userId: number },
): Promise<boolean> {
  const found = await db
    .selectFrom('form_metadata')
    .select('id')
    .where('id', '=', metadataId)
    .where('form_id', '=', formId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return found !== undefined;
}

/** What the alert SMS says about the person who filled the form. */
export async function findAlertPerson(db: Db, userId: number): Promise<AlertPerson> {
  const person = await db
    .selectFrom('users')
    .select(['first_name', 'surname', 'hospital_identifier', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    firstName: person.first_name,
    surname: person.surname,
    hospitalIdentifier: person.hospital_identifier,
    phone: person.phone,
  };
}

export async function insertFilledData(db: Db, values: Insertable<FormDataTable>): Promise<number> {
  const { id } = await db.insertInto('form_data').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The filled form of the organization that holds an idempotency key, and whose it is. */
export function findIdempotencyKeyHolder(
  db: Db,
  { organizationId, key }: { organizationId: number; key: string },
) {
  return db
    .selectFrom('form_data')
    .select(['id', 'user_id'])
    .where('organization_id', '=', organizationId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The caller's own live filling, locked until the transaction ends. */
export function lockOwnFilledData(
  trx: Transaction<Database>,
  { caller, id }: { caller: FilledDataCaller; id: number },
) {
  return trx
    .selectFrom('form_data')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateFilledDataRow(
  db: Db,
  id: number,
  values: Updateable<FormDataTable>,
): Promise<void> {
  await db.updateTable('form_data').set(values).where('id', '=', id).execute();
}

/** The caller's own live filling, with its state. */
export function findOwnFilledData(db: Db, { caller, id }: { caller: FilledDataCaller; id: number }) {
  return db
    .selectFrom('form_data')
    .select(['id', 'state'])
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the filling removed if it is still a live draft; false when it is not (any more). */
export async function removeLiveDraft(db: Db, { id, now }: { id: number; now: Date }): Promise<boolean> {
  const removed = await db
    .updateTable('form_data')
    .set({ removed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'SAVED')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(removed.numUpdatedRows) > 0;
}

/* ------------------------------------------------------------------ reading */

/** What a filled form's summary reads of its filling, form edition, project, filler and slot. */
const SUMMARY_COLUMNS = [
  'd.id',
  'd.state',
  'd.created_at',
  'd.updated_at',
  ...FILLING_OUTCOME_COLUMNS,
  'd.editable_until',
  'd.scheduled_form_id',
  'd.form_metadata_id',
  ...FILLING_CONTEXT_COLUMNS,
] as const;

/** Filled data the caller may read: their own, or (results reviewers) any of the organization's. */
export function readable(db: Db, caller: FilledDataCaller) {
  return liveFillingsOf(db, caller.organizationId)
    .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
    .where('f.status', '!=', 'DELETED')
    .$if(!caller.readsAllData, (query) => query.where('d.user_id', '=', caller.userId))
    .select(SUMMARY_COLUMNS);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof readable>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toSummary(row: SummaryRow, caller: FilledDataCaller): FilledFormSummary {
  return {
    id: row.id,
    form: { id: row.form_id, name: row.form_name, edition: row.edition, bag: { id: row.bag_id } },
    group: projectOfRow(row),
    state: row.state,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: iso(row.completed_at),
    filledBy: fillerOf(row),
    // §6: patients do not see points.
    totalWeight: caller.readsAllData ? row.total_weight : null,
    color: row.color,
    text: row.text,
    scheduledFormId: row.scheduled_form_id,
    scheduledExecutionStart: iso(row.starts_at),
    scheduledExecutionEnd: iso(row.ends_at),
    editableUntil: iso(row.editable_until),
  };
}

/** A filled form's files by field id. */
type FilesData = Record<string, UploadedFile[]>;

type FilledRow = SummaryRow & Pick<Selectable<FormDataTable>, 'answers' | 'item_scores'>;

/** The filled form with its answers, field by field, in the order of its form's template. */
function filledFormOf(
  row: FilledRow,
  { template, filesData, caller }: { template: FormLayout; filesData: FilesData; caller: FilledDataCaller },
): FilledForm {
  const answers = row.answers;
  const items: FilledItem[] = templateFields(template).flatMap(({ field }) => {
    const value = answers.data[field.id] ?? null;
    const arrayValue = answers.arrayData[field.id] ?? null;
    const alternativeAnswer = answers.fieldAlternativeAnswer[field.id] ?? null;
    const note = answers.noteData[field.id] ?? null;
    const files = filesData[field.id] ?? [];
    if (value === null && arrayValue === null && alternativeAnswer === null && note === null && !files.length)
      return [];
    const score = row.item_scores[field.id];
    return [
      {
        id: field.id,
        label: field.label ?? null,
        dataType: field.type,
        value,
        arrayValue,
        alternativeAnswer,
        note,
        files,
        color: score?.color ?? null,
        text: score?.text ?? null,
        weight: caller.readsAllData ? (score?.weight ?? null) : null,
      },
    ];
  });
  return {
    ...toSummary(row, caller),
    formMetadataId: row.form_metadata_id,
    data: answers.data,
    arrayData: answers.arrayData,
    noteData: answers.noteData,
    fieldAlternativeAnswer: answers.fieldAlternativeAnswer,
    filesData,
    items,
  };
}

/** `GET /api/form_data/{id}`: the filled form with its answers, field by field. */
export async function findFilledData(
  db: Kysely<Database>,
  { caller, id }: { caller: FilledDataCaller; id: number },
): Promise<FilledForm> {
  const row = await readable(db, caller)
    .where('d.id', '=', id)
    .select(['d.answers', 'd.item_scores', 'f.template', filesOfFilledForm.as('files')])
    .executeTakeFirst();
  if (!row) throw filledDataNotFound();
  return filledFormOf(row, { template: row.template, filesData: row.files ?? {}, caller });
}

/**
 * The insert of a new filling that names no files, only when `onlyIf` holds if given, answering
 * it as findFilledData reads it, in the same statement: the inserted row joined to its form, filler
 * and project (ADR 421). It answers no row when `onlyIf` did not hold, and writes nothing then.
 */
function answeringInsert(
  db: Kysely<Database>,
  values: Insertable<FormDataTable>,
  onlyIf?: RawBuilder<SqlBool>,
) {
  const columns = Object.keys(values) as (keyof typeof values & string)[];
  return db
    .with('d', (writer) =>
      (onlyIf
        ? writer
            .insertInto('form_data')
            .columns(columns)
            // Each value takes its column's type: PostgreSQL types the parameters of `insert … select`.
            .expression(
              writer.selectNoFrom(columns.map((column) => sql`${values[column]}`.as(column))).where(onlyIf),
            )
        : writer.insertInto('form_data').values(values)
      ).returningAll(),
    )
    .selectFrom('d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
    .select([...SUMMARY_COLUMNS, 'd.answers', 'd.item_scores']);
}

/** A new filling that names no files, inserted and answered in one statement (answeringInsert). */
export async function insertFilledDataAnswered(
  db: Kysely<Database>,
  values: Insertable<FormDataTable>,
  answering: { template: FormLayout; caller: FilledDataCaller },
): Promise<FilledForm> {
  const row = await answeringInsert(db, values).executeTakeFirstOrThrow();
  return filledFormOf(row, { ...answering, filesData: {} });
}

/** Every column a new filling's save writes (preparedFilling), each with its value. */
export type NewFillingRow = {
  [Column in Exclude<keyof FormDataTable, 'id' | 'removed_at'>]-?: Exclude<
    Insertable<FormDataTable>[Column],
    undefined
  >;
};

/** The columns of NewFillingRow, all of them (the compiler checks): a query compiled once names them. */
const NEW_FILLING_COLUMNS = Object.keys({
  organization_id: true,
  form_id: true,
  user_id: true,
  scheduled_form_id: true,
  form_metadata_id: true,
  state: true,
  answers: true,
  item_scores: true,
  total_weight: true,
  color: true,
  text: true,
  editable_until: true,
  completed_at: true,
  created_at: true,
  updated_at: true,
  idempotency_key: true,
} satisfies Record<keyof NewFillingRow, true>) as (keyof NewFillingRow)[];

/** The row of a save checked against a form read earlier, and what the check compares. */
type KnownFormInsertArgs = NewFillingRow & {
  /** `version` of findFillableForm, as read. */
  readVersion: string;
  /** For a patient, the day they must be assigned to the form on (`YYYY-MM-DD`). */
  assignedOn: string | null;
};

/**
 * The one statement of insertFilledDataIfFormUnchanged, compiled once per kind of caller: every
 * save of a known form inserts the same columns.
 */
const knownFormInsert = compiledOnce(
  (db, args: KnownFormInsertArgs, shape: { assigned: boolean }) => {
    const { readVersion, assignedOn } = args;
    const values = Object.fromEntries(
      NEW_FILLING_COLUMNS.map((column) => [column, args[column]]),
    ) as NewFillingRow;
    const assigned = shape.assigned
      ? sql`and exists (
          select 1 from form_access a where a.form_id = f.id and a.user_id = ${values.user_id}
            and a.valid_since <= ${assignedOn}::date and (a.valid_to is null or a.valid_to >= ${assignedOn}::date)
        )`
      : sql``;
    const unchanged = sql<SqlBool>`exists (
      select 1 from forms f
      where f.id = ${values.form_id} and f.organization_id = ${values.organization_id}
        and f.status = 'ACTIVE' and ${formVersion(sql.ref('f'))} = ${readVersion}
        and not exists (
          select 1 from organizations o where o.id = f.organization_id and o.form_data_created_webhook_url is not null
        )
        ${assigned}
    )`;
    return answeringInsert(db, values, unchanged);
  },
  ({ assigned }) => String(assigned),
);

/**
 * As insertFilledDataAnswered, for a save checked against a form read earlier (`version` of
 * findFillableForm): the row is inserted only while that form is still the same, ACTIVE, its
 * organization has no webhook and, for a patient (`assignedOn`), they are assigned to it that day.
 * Undefined, and nothing written, when any of that no longer holds (ADR 423).
 */
export async function insertFilledDataIfFormUnchanged(
  db: Kysely<Database>,
  values: NewFillingRow,
  {
    template,
    caller,
    version,
    assignedOn,
  }: { template: FormLayout; caller: FilledDataCaller; version: string; assignedOn?: string },
): Promise<FilledForm | undefined> {
  const args = { ...values, readVersion: version, assignedOn: assignedOn ?? null };
  const { rows } = await db.executeQuery(knownFormInsert(db, args, { assigned: assignedOn !== undefined }));
  return rows[0] && filledFormOf(rows[0], { template, filesData: {}, caller });
}

/**
 * `GET /api/form_data/by_form_id/{formId}`: the filled forms of that form edition, newest first —
 * the caller's own, or everyone's for results reviewers.
 */
export async function listByForm(
  db: Kysely<Database>,
  { caller, formId }: { caller: FilledDataCaller; formId: number },
): Promise<FilledFormSummary[]> {
  const rows = await readable(db, caller)
    .where('d.form_id', '=', formId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((row) => toSummary(row, caller));
}

const MY_ORDER = {
  createdAt: sql`d.created_at`,
  updatedAt: sql`d.updated_at`,
  completedAt: sql`d.completed_at`,
  name: sql`lower(f.name)`,
} satisfies Record<MyFilledSortKey, unknown>;

/** `GET /api/form_data/all/my` and `/api/v2/form_data/all/my`: the caller's own drafts or filled forms. */
export async function listMine(
  db: Kysely<Database>,
  {
    caller,
    state,
    page,
  }: { caller: FilledDataCaller; state?: FilledFormState; page: PageRequest<MyFilledSortKey> },
): Promise<Paged<FilledFormSummary>> {
  const mine = { ...caller, readsAllData: false };
  const query = readable(db, mine).$if(state !== undefined, (q) => q.where('d.state', '=', state!));
  const { key, descending } = page.sort;
  const rows = await query
    .orderBy(MY_ORDER[key], (order) => (descending ? order.desc() : order.asc()).nullsLast())
    .orderBy('d.id', 'desc')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const { total } = await db
    .selectFrom('form_data as d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .where('d.user_id', '=', caller.userId)
    .where('d.organization_id', '=', caller.organizationId)
    .where('d.removed_at', 'is', null)
    .where('f.status', '!=', 'DELETED')
    .$if(state !== undefined, (q) => q.where('d.state', '=', state!))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  // Own data: points are the reviewers', so a patient's list never carries them.
  return {
    content: rows.map((row) => toSummary(row, caller.readsAllData ? caller : mine)),
    totalElements: total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
