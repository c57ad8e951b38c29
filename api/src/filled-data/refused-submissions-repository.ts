import { sql, type Kysely } from 'kysely';
import type { RefusedSubmission } from '@formularze/domain/schemas/filled-data';
import type { Database } from '../db/schema';
import { formNotFound } from '../forms/form-lifecycle';
import type { FilledDataCaller } from './filled-data-repository';
import { personName } from '../persons/person-name';

/**
 * The codes of a refusal that a submission queued on a device may meet once it reaches the server
 * (issue 30, point 4): the form paused or the access removed (a patient's form gone from their
 * list is not found), the slot's window closed or the slot filled meanwhile, the draft no longer
 * editable, the edition changed under the answers.
 */
export const LATE_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'form-not-fillable',
  'scheduled-form-is-expired',
  'scheduled-form-already-filled',
  'data-not-editable',
  'data-not-editable-anymore',
  'form-data-not-found',
  'validation',
  'form-not-found',
]);

export interface RefusalRecord {
  caller: FilledDataCaller;
  formId: number;
  scheduledFormId: number | null;
  formDataId: number | null;
  idempotencyKey: string;
  code: string;
  reason: string;
  queuedAt: Date | null;
  receivedAt: Date;
}

/**
 * Records a refused queued submission for staff (ADR 622), once per idempotency key: the device
 * retries nothing refused, but two tabs or a lost answer may send it twice. Only a form of the
 * caller's organization is named; another one records nothing.
 */
export async function recordRefusedSubmission(db: Kysely<Database>, refusal: RefusalRecord): Promise<void> {
  const { caller } = refusal;
  await db
    .insertInto('refused_submissions')
    .columns([
      'organization_id',
      'form_id',
      'scheduled_form_id',
      'form_data_id',
      'user_id',
      'idempotency_key',
      'code',
      'reason',
      'queued_at',
      'received_at',
    ])
    .expression(
      db
        .selectFrom('forms')
        .select([
          sql.lit(caller.organizationId).as('organization_id'),
          'id',
          sql.val(refusal.scheduledFormId).as('scheduled_form_id'),
          sql.val(refusal.formDataId).as('form_data_id'),
          sql.val(caller.userId).as('user_id'),
          sql.val(refusal.idempotencyKey).as('idempotency_key'),
          sql.val(refusal.code).as('code'),
          sql.val(refusal.reason).as('reason'),
          sql.val(refusal.queuedAt).as('queued_at'),
          sql.val(refusal.receivedAt).as('received_at'),
        ])
        .where('id', '=', refusal.formId)
        .where('organization_id', '=', caller.organizationId),
    )
    .onConflict((conflict) => conflict.columns(['organization_id', 'idempotency_key']).doNothing())
    .execute();
}

/** How many refusals a list answers at most, newest first: a history to read, not an export. */
const MAX_LISTED = 500;

/**
 * The refused queued submissions of every edition of the form (a refusal names the edition the
 * patient filled, often the previous one), one person's with `personId`, newest first.
 */
export async function refusedSubmissionsOf(
  db: Kysely<Database>,
  { caller, formId, personId }: { caller: FilledDataCaller; formId: number; personId?: number },
): Promise<RefusedSubmission[]> {
  const form = await db
    .selectFrom('forms')
    .select('bag_id')
    .where('id', '=', formId)
    .where('organization_id', '=', caller.organizationId)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  if (!form) throw formNotFound();
  const rows = await db
    .selectFrom('refused_submissions as r')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.first_name',
      'u.surname',
      'u.email',
      'u.phone',
      'f.id as form_id',
      'f.edition',
      'r.scheduled_form_id',
      'r.queued_at',
      'r.received_at',
      'r.code',
      'r.reason',
    ])
    .where('r.organization_id', '=', caller.organizationId)
    .where('f.bag_id', '=', form.bag_id)
    .$if(personId !== undefined, (query) => query.where('r.user_id', '=', personId!))
    .orderBy('r.received_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(MAX_LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    person: { id: row.user_id, name: personName(row) },
    form: { id: row.form_id, edition: row.edition },
    scheduledFormId: row.scheduled_form_id,
    queuedAt: row.queued_at?.toISOString() ?? null,
    receivedAt: row.received_at.toISOString(),
    code: row.code,
    reason: row.reason,
  }));
}
