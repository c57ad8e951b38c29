import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  FilledAnswers,
  FilledDataPayload,
  FilledForm,
  FilledFormState,
  FilledFormSummary,
  FilledItem,
  FormMetadata,
  MyFilledSortKey,
} from 'shared-ui/schemas/filled-data';
import { templateFields } from 'shared-ui/schemas/form-template';
import { assignmentActiveOn, scheduleFillMode } from 'shared-ui/schemas/forms';
import type { PageRequest, Paged } from 'shared-ui/schemas/paging';
import type { Database } from '../db/schema';
import { formNotFound } from '../forms/form-lifecycle';
import { zonedDay } from '../forms/schedule-slots';
import { queueFormDataCreatedWebhook } from '../jobs/webhooks';
import { enqueueMessage } from '../outbox/outbox-repository';
import { attachFiles, filesOfFilledData } from '../uploads/uploaded-files-repository';
import { checkAnswers } from './answers-check';
import {
  cannotDelete,
  cannotDraftSentForm,
  cannotFill,
  dataNotEditable,
  dataNotEditableAnymore,
  draftingNotAllowed,
  filledDataNotFound,
  formMetadataMismatch,
  scheduledFormAlreadyFilled,
  scheduledFormExpired,
  scheduledFormNotFound,
  scheduledFormNotStarted,
} from './filled-data-errors';
import { fillAlertPlaceholders, scoreForm } from './scoring';

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

/** A save refused for its answers: a 400 naming each field. */
export class InvalidAnswers extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/* ------------------------------------------------------------------ forms */

async function fillableForm(trx: Db, caller: FilledDataCaller, formId: number) {
  const form = await trx
    .selectFrom('forms')
    .select(['id', 'status', 'template', 'rules', 'settings', 'schedule', 'organization_id'])
    .where('id', '=', formId)
    .where('organization_id', '=', caller.organizationId)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  if (!form) throw formNotFound();
  if (caller.fillsAnyForm) return form;
  // Assigned directly or through the form's project (the `form_access` view).
  const assignment = await trx
    .selectFrom('form_access')
    .select([
      sql<string>`valid_since::text`.as('valid_since'),
      sql<string | null>`valid_to::text`.as('valid_to'),
    ])
    .where('form_id', '=', formId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  // A patient sees only the forms assigned to them.
  if (!assignment) throw formNotFound();
  return { ...form, assignment };
}

type FillableForm = Awaited<ReturnType<typeof fillableForm>>;

const isScheduled = (form: FillableForm) => scheduleFillMode(form.schedule) !== 'without';

/**
 * Whether the caller may give answers to the form now: it is ACTIVE and, for a patient of an
 * unscheduled form, assigned for today. A scheduled form is filled in a slot of the caller's.
 */
function assertOpen(form: FillableForm, caller: FilledDataCaller, now: Date): void {
  if (form.status !== 'ACTIVE') throw cannotFill();
  if (caller.fillsAnyForm || isScheduled(form) || !('assignment' in form)) return;
  const { valid_since: validSince, valid_to: validTo } = form.assignment;
  if (!assignmentActiveOn(zonedDay(now), { validSince, validTo })) throw cannotFill();
}

async function slotOf(trx: Db, caller: FilledDataCaller, formId: number, slotId: number) {
  const slot = await trx
    .selectFrom('scheduled_forms')
    .select(['id', 'starts_at', 'ends_at', 'edit_minutes_after_save'])
    .where('id', '=', slotId)
    .where('form_id', '=', formId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!slot) throw scheduledFormNotFound();
  return slot;
}

function assertSlotOpen(slot: { starts_at: Date; ends_at: Date }, now: Date): void {
  if (now < slot.starts_at) throw scheduledFormNotStarted();
  if (now >= slot.ends_at) throw scheduledFormExpired();
}

/* ------------------------------------------------------------------ metadata */

/** `POST /api/form_metadata/`: the record a filling of the form starts with. */
export async function createFormMetadata(
  db: Kysely<Database>,
  { caller, formId }: { caller: FilledDataCaller; formId: number },
): Promise<FormMetadata> {
  await fillableForm(db, caller, formId);
  const row = await db
    .insertInto('form_metadata')
    .values({ form_id: formId, user_id: caller.userId })
    .returning(['id', 'form_id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, form: { id: row.form_id }, createdAt: row.created_at.toISOString() };
}

async function assertMetadata(trx: Db, caller: FilledDataCaller, formId: number, metadataId: number) {
  const found = await trx
    .selectFrom('form_metadata')
    .select('id')
    .where('id', '=', metadataId)
    .where('form_id', '=', formId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!found) throw formMetadataMismatch();
}

/* ------------------------------------------------------------------ saving */

function checkedAnswers(form: FillableForm, payload: FilledDataPayload, draft: boolean): FilledAnswers {
  const checked = checkAnswers(form.template, payload, { draft });
  if (!checked.ok) throw new InvalidAnswers(checked.message, checked.fields);
  return checked.answers;
}

/** The columns a save writes: SAVED for a draft; COMPLETED with its score for a submission. */
async function savedValues(
  trx: Transaction<Database>,
  {
    form,
    answers,
    draft,
    now,
    userId,
    editMinutes,
    completedAt,
    sendAlert,
  }: {
    form: FillableForm;
    answers: FilledAnswers;
    draft: boolean;
    now: Date;
    userId: number;
    editMinutes: number;
    completedAt: Date | null;
    sendAlert: boolean;
  },
) {
  if (draft) {
    return {
      state: 'SAVED' as FilledFormState,
      answers: JSON.stringify(answers),
      item_scores: '{}',
      total_weight: null,
      color: null,
      text: null,
      completed_at: null,
      editable_until: null,
      updated_at: now,
    };
  }
  const score = scoreForm(form.template, form.rules, answers);
  const completed = completedAt ?? now;
  if (sendAlert && score.alert) {
    const person = await trx
      .selectFrom('users')
      .select(['first_name', 'surname', 'hospital_identifier', 'phone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await enqueueMessage(trx, {
      recipient: score.alert.phone,
      channel: 'sms',
      subject: 'Alert formularza',
      body: fillAlertPlaceholders(
        score.alert.message,
        {
          firstName: person.first_name,
          surname: person.surname,
          hospitalIdentifier: person.hospital_identifier,
          phone: person.phone,
        },
        score.totalWeight,
      ),
    });
  }
  return {
    state: 'COMPLETED' as FilledFormState,
    answers: JSON.stringify(answers),
    item_scores: JSON.stringify(score.items),
    total_weight: score.totalWeight,
    color: score.color,
    text: score.text,
    completed_at: completed,
    // §4: the filler may change the answers for the period's allowEditMinutesAfterSave.
    editable_until: editMinutes > 0 ? new Date(completed.getTime() + editMinutes * 60_000) : null,
    updated_at: now,
  };
}

/** `POST /api/form_data/`: a new filling of the form, a draft or submitted. */
export async function createFilledData(
  db: Kysely<Database>,
  {
    caller,
    payload,
    draft,
    now,
  }: { caller: FilledDataCaller; payload: FilledDataPayload; draft: boolean; now: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const form = await fillableForm(trx, caller, payload.formId);
    assertOpen(form, caller, now);
    if (draft && !form.settings.allowDrafting) throw draftingNotAllowed();
    let editMinutes = 0;
    let slotId: number | null = null;
    if (isScheduled(form)) {
      if (!payload.scheduledFormId) {
        throw new InvalidAnswers('Wybierz termin wypełnienia formularza', {
          scheduledFormId: 'To pole musi zostać wypełnione',
        });
      }
      const slot = await slotOf(trx, caller, form.id, payload.scheduledFormId);
      // Two saves for one slot at once: the second waits here and then sees the first.
      await trx.selectFrom('scheduled_forms').select('id').where('id', '=', slot.id).forUpdate().execute();
      assertSlotOpen(slot, now);
      if (form.schedule?.one) {
        const taken = await trx
          .selectFrom('form_data')
          .select('id')
          .where('scheduled_form_id', '=', slot.id)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (taken) throw scheduledFormAlreadyFilled();
      }
      editMinutes = slot.edit_minutes_after_save;
      slotId = slot.id;
    } else if (payload.scheduledFormId) {
      throw scheduledFormNotFound();
    }
    if (payload.formMetadataId) await assertMetadata(trx, caller, form.id, payload.formMetadataId);
    const answers = checkedAnswers(form, payload, draft);
    const values = await savedValues(trx, {
      form,
      answers,
      draft,
      now,
      userId: caller.userId,
      editMinutes,
      completedAt: null,
      sendAlert: true,
    });
    const { id } = await trx
      .insertInto('form_data')
      .values({
        ...values,
        organization_id: caller.organizationId,
        form_id: form.id,
        user_id: caller.userId,
        scheduled_form_id: slotId,
        form_metadata_id: payload.formMetadataId ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await attachFiles(trx, {
      owner: caller,
      formDataId: id,
      layout: form.template,
      named: payload.filesDataUUID ?? {},
    });
    if (!draft) await queueFormDataCreatedWebhook(trx, id);
    return id;
  });
}

/**
 * `PUT /api/form_data/{id}`: the filler changes their draft (saving it again or submitting it), or
 * the answers of a submitted form until its `editableUntil`. A submitted form is never a draft again.
 * Answers the storage keys of the files the save no longer names, to delete once committed.
 */
export async function updateFilledData(
  db: Kysely<Database>,
  {
    caller,
    id,
    payload,
    draft,
    now,
  }: { caller: FilledDataCaller; id: number; payload: FilledDataPayload; draft: boolean; now: Date },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('form_data')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', caller.userId)
      .where('organization_id', '=', caller.organizationId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw filledDataNotFound();
    if (payload.formId !== current.form_id) throw filledDataNotFound();
    const form = await fillableForm(trx, caller, current.form_id);
    const slot = current.scheduled_form_id
      ? await slotOf(trx, caller, current.form_id, current.scheduled_form_id)
      : null;
    if (current.state === 'COMPLETED') {
      if (draft) throw cannotDraftSentForm();
      if (!current.editable_until) throw dataNotEditable();
      if (now > current.editable_until) throw dataNotEditableAnymore();
    } else if (current.state === 'SAVED') {
      assertOpen(form, caller, now);
      if (slot) assertSlotOpen(slot, now);
      if (draft && !form.settings.allowDrafting) throw draftingNotAllowed();
    } else {
      // MISSED: the slot passed unfilled.
      throw scheduledFormExpired();
    }
    if (payload.formMetadataId && payload.formMetadataId !== current.form_metadata_id) {
      await assertMetadata(trx, caller, form.id, payload.formMetadataId);
    }
    const answers = checkedAnswers(form, payload, draft);
    const values = await savedValues(trx, {
      form,
      answers,
      draft,
      now,
      userId: caller.userId,
      editMinutes: slot?.edit_minutes_after_save ?? 0,
      completedAt: current.completed_at,
      // The alert goes out when the answers are submitted, not again for each later correction.
      sendAlert: current.state !== 'COMPLETED',
    });
    await trx
      .updateTable('form_data')
      .set({
        ...values,
        // A correction keeps the deadline the submission set.
        editable_until: current.state === 'COMPLETED' ? current.editable_until : values.editable_until,
        form_metadata_id: payload.formMetadataId ?? current.form_metadata_id,
      })
      .where('id', '=', id)
      .execute();
    const dropped = await attachFiles(trx, {
      owner: caller,
      formDataId: id,
      layout: form.template,
      named: payload.filesDataUUID ?? {},
    });
    if (!draft && current.state !== 'COMPLETED') await queueFormDataCreatedWebhook(trx, id);
    return dropped;
  });
}

/** `DELETE /api/form_data/{id}`: only the filler's own draft (SAVED). */
export async function removeDraft(
  db: Kysely<Database>,
  { caller, id, now }: { caller: FilledDataCaller; id: number; now: Date },
): Promise<void> {
  const row = await db
    .selectFrom('form_data')
    .select(['id', 'state'])
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw filledDataNotFound();
  const removed = await db
    .updateTable('form_data')
    .set({ removed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'SAVED')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (Number(removed.numUpdatedRows) === 0) throw cannotDelete();
}

/* ------------------------------------------------------------------ reading */

/** Filled data the caller may read: their own, or (results reviewers) any of the organization's. */
export function readable(db: Db, caller: FilledDataCaller) {
  return db
    .selectFrom('form_data as d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('form_groups as g', (join) =>
      join.onRef('g.id', '=', 'f.group_id').on('g.removed_at', 'is', null),
    )
    .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
    .where('d.organization_id', '=', caller.organizationId)
    .where('d.removed_at', 'is', null)
    .where('f.status', '!=', 'DELETED')
    .$if(!caller.readsAllData, (query) => query.where('d.user_id', '=', caller.userId))
    .select([
      'd.id',
      'd.state',
      'd.created_at',
      'd.updated_at',
      'd.completed_at',
      'd.total_weight',
      'd.color',
      'd.text',
      'd.editable_until',
      'd.scheduled_form_id',
      'd.form_metadata_id',
      'f.id as form_id',
      'f.name as form_name',
      'f.edition',
      'f.bag_id',
      'g.id as group_id',
      'g.name as group_name',
      'u.id as user_id',
      'u.first_name',
      'u.surname',
      'u.email',
      'u.phone',
      'u.hospital_identifier',
      'u.address',
      's.starts_at',
      's.ends_at',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof readable>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toSummary(row: SummaryRow, caller: FilledDataCaller): FilledFormSummary {
  const name = [row.first_name, row.surname].filter(Boolean).join(' ');
  return {
    id: row.id,
    form: { id: row.form_id, name: row.form_name, edition: row.edition, bag: { id: row.bag_id } },
    group: row.group_id === null ? null : { id: row.group_id, name: row.group_name! },
    state: row.state,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: iso(row.completed_at),
    filledBy: {
      id: row.user_id,
      name: name || row.email || row.phone || '',
      mail: row.email,
      phone: row.phone,
      hospitalIdentifier: row.hospital_identifier,
      address: row.address,
    },
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

/** `GET /api/form_data/{id}`: the filled form with its answers, field by field. */
export async function findFilledData(
  db: Kysely<Database>,
  { caller, id }: { caller: FilledDataCaller; id: number },
): Promise<FilledForm> {
  const row = await readable(db, caller)
    .where('d.id', '=', id)
    .select(['d.answers', 'd.item_scores', 'f.template'])
    .executeTakeFirst();
  if (!row) throw filledDataNotFound();
  const answers = row.answers;
  const filesData = await filesOfFilledData(db, id);
  const items: FilledItem[] = templateFields(row.template).flatMap(({ field }) => {
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
  return { ...toSummary(row, caller), formMetadataId: row.form_metadata_id, ...answers, filesData, items };
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
