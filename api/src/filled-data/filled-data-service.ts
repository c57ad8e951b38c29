import type { Kysely, Transaction } from 'kysely';
import type {
  FilledAnswers,
  FilledDataPayload,
  FilledForm,
  FilledFormState,
  FormMetadata,
} from '@formularze/domain/schemas/filled-data';
import { assignmentActiveOn, scheduleFillMode } from '@formularze/domain/schemas/forms';
import type { Database } from '../db/schema';
import { formNotFound, scheduledFormNotFound } from '../forms/form-lifecycle';
import { zonedDay } from '../forms/schedule-slots';
import { fillAlertPlaceholders } from '../jobs/alert-message';
import { queueFarewellMessages } from '../jobs/assignment-messages';
import { queueFormDataCreatedWebhook } from '../jobs/webhooks';
import { enqueueMessage } from '../outbox/outbox-repository';
import { checkAnswers } from './answers-check';
import { fillableFormsCache } from './fillable-forms-cache';
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
  scheduledFormNotStarted,
} from './filled-data-errors';
import {
  findAlertPerson,
  findCurrentEditionId,
  findFilledData,
  findFillableForm,
  findOwnFilledData,
  findSlot,
  insertFilledData,
  insertFilledDataAnswered,
  insertFilledDataIfFormUnchanged,
  insertFormMetadata,
  isOwnFormMetadata,
  isSlotFilled,
  lockOwnFilledData,
  lockSlot,
  removeLiveDraft,
  updateFilledDataRow,
  type FilledDataCaller,
} from './filled-data-repository';
import { scoreForm } from './scoring';
import { attachFiles } from './uploaded-files-repository';

type Db = Kysely<Database> | Transaction<Database>;

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
  const form = await findFillableForm(trx, {
    organizationId: caller.organizationId,
    formId,
    assignedTo: caller.fillsAnyForm ? undefined : caller.userId,
  });
  // A patient sees only the forms assigned to them.
  if (!form || (!caller.fillsAnyForm && !form.assignment)) throw formNotFound();
  return form;
}

type FillableForm = Awaited<ReturnType<typeof fillableForm>>;

/**
 * The edition a new filling goes to: the one it was started on or, when that edition was replaced
 * while the answers were being given (a page left open, a submission waiting on the device), the
 * edition now in force, which takes the answers if they fit it and refuses them as invalid if not
 * (issue 30, point 4; ADR 620).
 */
async function editionToFill(trx: Db, caller: FilledDataCaller, formId: number): Promise<FillableForm> {
  const started = await fillableForm(trx, caller, formId);
  if (started.status !== 'PREVIOUS_VERSION') return started;
  const current = await findCurrentEditionId(trx, { organizationId: caller.organizationId, formId });
  return current === null ? started : fillableForm(trx, caller, current);
}

const isScheduled = (form: FillableForm) => scheduleFillMode(form.schedule) !== 'without';

/**
 * Whether the caller may give answers to the form now: it is ACTIVE and, for a patient of an
 * unscheduled form, assigned for today. A scheduled form is filled in a slot of the caller's.
 */
function assertOpen(form: FillableForm, caller: FilledDataCaller, now: Date): void {
  if (form.status !== 'ACTIVE') throw cannotFill();
  if (caller.fillsAnyForm || isScheduled(form) || !form.assignment) return;
  const { valid_since: validSince, valid_to: validTo } = form.assignment;
  if (!assignmentActiveOn(zonedDay(now), { validSince, validTo })) throw cannotFill();
}

async function slotOf(trx: Db, caller: FilledDataCaller, formId: number, slotId: number) {
  const slot = await findSlot(trx, { slotId, formId, userId: caller.userId });
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
  return insertFormMetadata(db, { formId, userId: caller.userId });
}

async function assertMetadata(trx: Db, caller: FilledDataCaller, formId: number, metadataId: number) {
  if (!(await isOwnFormMetadata(trx, { metadataId, formId, userId: caller.userId })))
    throw formMetadataMismatch();
}

/* ------------------------------------------------------------------ saving */

function checkedAnswers(form: FillableForm, payload: FilledDataPayload, draft: boolean): FilledAnswers {
  const checked = checkAnswers(form.template, payload, { draft });
  if (!checked.ok) throw new InvalidAnswers(checked.message, checked.fields);
  return checked.answers;
}

/** An alert's SMS, with the score it reports. */
type ScoreAlert = NonNullable<ReturnType<typeof scoreForm>['alert']> & { totalWeight: number };

/**
 * The columns a save writes once its answers are checked — SAVED for a draft; COMPLETED with its
 * score for a submission — and the alert the score raises, if any.
 */
function savedValues({
  form,
  payload,
  draft,
  now,
  slot,
  completedAt,
}: {
  form: FillableForm;
  payload: FilledDataPayload;
  draft: boolean;
  now: Date;
  /** The slot filled, if any: its period sets how long a submission stays editable. */
  slot: { edit_minutes_after_save: number } | null;
  completedAt: Date | null;
}) {
  const answers = checkedAnswers(form, payload, draft);
  if (draft) {
    const values = {
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
    return { values, alert: null };
  }
  const score = scoreForm(form.template, form.rules, answers);
  const completed = completedAt ?? now;
  const editMinutes = slot?.edit_minutes_after_save ?? 0;
  const values = {
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
  return { values, alert: score.alert && { ...score.alert, totalWeight: score.totalWeight } };
}

async function raiseAlert(
  trx: Transaction<Database>,
  { alert, userId }: { alert: ScoreAlert; userId: number },
): Promise<void> {
  await enqueueMessage(trx, {
    recipient: alert.phone,
    channel: 'sms',
    subject: 'Alert formularza',
    body: fillAlertPlaceholders(alert.message, await findAlertPerson(trx, userId), alert.totalWeight),
  });
}

/** What a submission sets off, once: the organization's webhook and the form's farewell messages. */
async function announceSubmission(
  trx: Transaction<Database>,
  { id, form, userId, totalWeight }: { id: number; form: FillableForm; userId: number; totalWeight: number },
): Promise<void> {
  if (form.has_webhook) await queueFormDataCreatedWebhook(trx, id);
  await queueFarewellMessages(trx, { form, userId, totalWeight });
}

interface NewFilling {
  caller: FilledDataCaller;
  payload: FilledDataPayload;
  draft: boolean;
  now: Date;
  idempotencyKey?: string;
}

const namesFiles = (payload: FilledDataPayload) =>
  Object.values(payload.filesDataUUID ?? {}).some((ids) => ids.length > 0);

/** The new filling's row once its answers are checked and scored, and what else saving it writes. */
async function preparedFilling(
  db: Db,
  form: FillableForm,
  { caller, payload, draft, now, idempotencyKey }: NewFilling,
  slot: { id: number; edit_minutes_after_save: number } | null,
) {
  // The metadata belongs to the edition the filling started on.
  if (payload.formMetadataId) await assertMetadata(db, caller, payload.formId, payload.formMetadataId);
  const { values, alert } = savedValues({ form, payload, draft, now, slot, completedAt: null });
  const row = {
    ...values,
    organization_id: caller.organizationId,
    form_id: form.id,
    user_id: caller.userId,
    scheduled_form_id: slot?.id ?? null,
    form_metadata_id: payload.formMetadataId ?? null,
    created_at: now,
    idempotency_key: idempotencyKey ?? null,
  };
  const announces = !draft && (form.has_webhook || form.settings.welcomeFarewellMessages);
  return { row, alert, writesMore: alert !== null || announces || namesFiles(payload) };
}

type PreparedFilling = Awaited<ReturnType<typeof preparedFilling>>;

/** Inserts the filling with what it sets off: its alert, its files, its announcements. */
async function insertFilling(
  trx: Transaction<Database>,
  form: FillableForm,
  { caller, payload, draft }: NewFilling,
  { row, alert }: PreparedFilling,
): Promise<number> {
  if (alert) await raiseAlert(trx, { alert, userId: caller.userId });
  const id = await insertFilledData(trx, row);
  await attachFiles(trx, {
    owner: caller,
    formDataId: id,
    layout: form.template,
    named: payload.filesDataUUID ?? {},
    isNew: true,
  });
  if (!draft) {
    await announceSubmission(trx, { id, form, userId: caller.userId, totalWeight: row.total_weight ?? 0 });
  }
  return id;
}

/** A filling of a scheduled form, in one of the caller's slots, which it locks until committed. */
async function fillSlot(
  trx: Transaction<Database>,
  form: FillableForm,
  filling: NewFilling,
): Promise<number> {
  const { caller, payload, now } = filling;
  if (!payload.scheduledFormId) {
    throw new InvalidAnswers('Wybierz termin wypełnienia formularza', {
      scheduledFormId: 'To pole musi zostać wypełnione',
    });
  }
  const slot = await slotOf(trx, caller, form.id, payload.scheduledFormId);
  // Two saves for one slot at once: the second waits here and then sees the first.
  await lockSlot(trx, slot.id);
  assertSlotOpen(slot, now);
  if (form.schedule?.one && (await isSlotFilled(trx, slot.id))) throw scheduledFormAlreadyFilled();
  return insertFilling(trx, form, filling, await preparedFilling(trx, form, filling, slot));
}

/**
 * Keeps `form` for the next saves of it in the caller's organization (ADR 423): an unscheduled
 * ACTIVE edition whose organization has no webhook (a webhook's submissions write more than their
 * row). The assignment is the caller's own; the database checks each patient's at their save.
 */
function keepForNextSaves(
  db: Kysely<Database>,
  caller: FilledDataCaller,
  formId: number,
  form: FillableForm,
) {
  if (form.id !== formId || form.status !== 'ACTIVE' || isScheduled(form) || form.has_webhook) return;
  fillableFormsCache<FillableForm>(db).remember(caller.organizationId, form.id, {
    ...form,
    assignment: null,
  });
}

/**
 * A new filling of an unscheduled form this process read for an earlier save, checked against that
 * read and written in one statement that holds only while the form is unchanged, active and (for a
 * patient) assigned to them today (ADR 423). Undefined, with nothing written, when the filling
 * needs more than its row or that statement finds the form changed: the full save then decides,
 * with the refusals it gives.
 */
async function savedToKnownForm(db: Kysely<Database>, filling: NewFilling): Promise<FilledForm | undefined> {
  const { caller, payload, draft, now } = filling;
  const forms = fillableFormsCache<FillableForm>(db);
  const form = forms.get(caller.organizationId, payload.formId);
  if (!form || payload.scheduledFormId || payload.formMetadataId) return undefined;
  if (form.status !== 'ACTIVE' || isScheduled(form) || (draft && !form.settings.allowDrafting))
    return undefined;
  let prepared: PreparedFilling;
  try {
    prepared = await preparedFilling(db, form, filling, null);
  } catch (error) {
    // Refused against the form as it was read: the form as it is now gives the answer.
    if (error instanceof InvalidAnswers) return undefined;
    throw error;
  }
  if (prepared.writesMore) return undefined;
  const saved = await insertFilledDataIfFormUnchanged(db, prepared.row, {
    template: form.template,
    caller,
    version: form.version,
    assignedOn: caller.fillsAnyForm ? undefined : zonedDay(now),
  });
  if (!saved) forms.forget(caller.organizationId, payload.formId);
  return saved;
}

/**
 * `POST /api/form_data/`: a new filling of the form, a draft or submitted, as the caller now reads
 * it. Checked before anything is written; a filling that writes one row is that row's insert alone,
 * answered in the same statement (ADR 421); one that locks a slot, attaches files or sets off
 * messages writes in one transaction, and is read once committed.
 */
export async function createFilledData(db: Kysely<Database>, filling: NewFilling): Promise<FilledForm> {
  const saved = await savedToKnownForm(db, filling);
  if (saved) return saved;
  const { caller, payload, draft, now } = filling;
  const form = await editionToFill(db, caller, payload.formId);
  keepForNextSaves(db, caller, payload.formId, form);
  assertOpen(form, caller, now);
  if (draft && !form.settings.allowDrafting) throw draftingNotAllowed();
  if (isScheduled(form)) {
    const id = await db.transaction().execute((trx) => fillSlot(trx, form, filling));
    return findFilledData(db, { caller, id });
  }
  if (payload.scheduledFormId) throw scheduledFormNotFound();
  const prepared = await preparedFilling(db, form, filling, null);
  if (!prepared.writesMore) {
    return insertFilledDataAnswered(db, prepared.row, { template: form.template, caller });
  }
  const id = await db.transaction().execute((trx) => insertFilling(trx, form, filling, prepared));
  return findFilledData(db, { caller, id });
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
    idempotencyKey,
  }: {
    caller: FilledDataCaller;
    id: number;
    payload: FilledDataPayload;
    draft: boolean;
    now: Date;
    idempotencyKey?: string;
  },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const current = await lockOwnFilledData(trx, { caller, id });
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
    const { values, alert } = savedValues({
      form,
      payload,
      draft,
      now,
      slot,
      completedAt: current.completed_at,
    });
    // The alert goes out when the answers are submitted, not again for each later correction.
    if (alert && current.state !== 'COMPLETED') {
      await raiseAlert(trx, { alert, userId: caller.userId });
    }
    await updateFilledDataRow(trx, id, {
      ...values,
      // A correction keeps the deadline the submission set.
      editable_until: current.state === 'COMPLETED' ? current.editable_until : values.editable_until,
      form_metadata_id: payload.formMetadataId ?? current.form_metadata_id,
      // A save without a key leaves the last one, which its retry may still send.
      idempotency_key: idempotencyKey ?? current.idempotency_key,
    });
    const dropped = await attachFiles(trx, {
      owner: caller,
      formDataId: id,
      layout: form.template,
      named: payload.filesDataUUID ?? {},
    });
    if (!draft && current.state !== 'COMPLETED') {
      await announceSubmission(trx, {
        id,
        form,
        userId: caller.userId,
        totalWeight: values.total_weight ?? 0,
      });
    }
    return dropped;
  });
}

/** `DELETE /api/form_data/{id}`: only the filler's own draft (SAVED). */
export async function removeDraft(
  db: Kysely<Database>,
  { caller, id, now }: { caller: FilledDataCaller; id: number; now: Date },
): Promise<void> {
  const row = await findOwnFilledData(db, { caller, id });
  if (!row) throw filledDataNotFound();
  if (!(await removeLiveDraft(db, { id, now }))) throw cannotDelete();
}
