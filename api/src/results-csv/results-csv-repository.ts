import { sql, type Kysely } from 'kysely';
import type { FilledFormState } from '@formularze/domain/schemas/filled-data';
import { templateFields } from '@formularze/domain/schemas/form-template';
import type { ResultsCsvOptions } from '@formularze/domain/schemas/results-csv';
import type { Database } from '../db/schema';
import type { FilledDataCaller } from '../filled-data/filled-data-repository';
import { FILLER_COLUMNS, FILLING_OUTCOME_COLUMNS } from '../filled-data/filling-rows';
import { bagEditions } from '../forms/bag-editions';
import { formNotFound } from '../forms/form-lifecycle';
import type { EditionTemplate, ExportRow } from './csv-columns';

/** Rows per query: few round trips, and a batch small enough to be garbage young once it is text. */
export const EXPORT_BATCH_SIZE = 500;

/** What one export covers: the editions of the form's bag and whose rows. */
export interface ExportScope {
  organizationId: number;
  editionIds: number[];
  editions: EditionTemplate[];
  /** The edition the export was asked for (`formId`): its labels head the columns. */
  chosenEdition: number;
  /** Only this person's rows (a patient's own, or the person a reviewer chose). */
  personId: number | null;
  /** Some edition has FILE or SIGN fields, whose file names are read with each batch. */
  withFiles: boolean;
  states: FilledFormState[];
}

/**
 * The export of a form, as the caller may have it: staff of the organization read everyone's
 * filled forms (or one person's); a patient only their own, of a form assigned to them or one they
 * filled. Anything else, another organization's form included, is "not found".
 */
export async function exportScope(
  db: Kysely<Database>,
  { caller, formId, options }: { caller: FilledDataCaller; formId: number; options: ResultsCsvOptions },
): Promise<ExportScope> {
  const editions = await bagEditions(db, { organizationId: caller.organizationId, formId })
    .select(['edition.id', 'edition.edition', 'edition.template', 'chosen.edition as chosen_edition'])
    .orderBy('edition.edition')
    .execute();
  if (!editions.length) throw formNotFound();
  const editionIds = editions.map((edition) => edition.id);

  let personId = options.personId ?? null;
  if (!caller.readsAllData) {
    if (personId !== null && personId !== caller.userId) throw formNotFound();
    personId = caller.userId;
    // Assigned directly or through the form's project, or the patient filled it before.
    const assigned = await db
      .selectFrom('form_access')
      .select('form_id')
      .where('form_id', 'in', editionIds)
      .where('user_id', '=', caller.userId)
      .union(
        db
          .selectFrom('form_data')
          .select('form_id')
          .where('form_id', 'in', editionIds)
          .where('user_id', '=', caller.userId)
          .where('removed_at', 'is', null),
      )
      .limit(1)
      .executeTakeFirst();
    if (!assigned) throw formNotFound();
  }
  return {
    organizationId: caller.organizationId,
    editionIds,
    editions: editions.map(({ edition, template }) => ({ edition, template })),
    chosenEdition: editions[0]!.chosen_edition,
    personId,
    withFiles: editions.some(({ template }) =>
      templateFields(template).some(({ field }) => field.type === 'FILE' || field.type === 'SIGN'),
    ),
    // Drafts are not results yet; unfilled scheduled fills only when asked for.
    states: options.includeMissingData ? ['COMPLETED', 'MISSED'] : ['COMPLETED'],
  };
}

function batchAfter(db: Kysely<Database>, scope: ExportScope, afterId: number, withPersonalData: boolean) {
  return db
    .selectFrom('form_data as d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
    .select([
      'd.id',
      'd.state',
      ...FILLING_OUTCOME_COLUMNS,
      'd.answers',
      'f.edition',
      's.starts_at',
      's.ends_at',
      'u.id as user_id',
    ])
    .$if(withPersonalData, (query) => query.select(FILLER_COLUMNS))
    .where('d.organization_id', '=', scope.organizationId)
    .where('d.form_id', 'in', scope.editionIds)
    .where('d.state', 'in', scope.states)
    .where('d.removed_at', 'is', null)
    .$if(scope.personId !== null, (query) => query.where('d.user_id', '=', scope.personId!))
    .where('d.id', '>', afterId)
    .orderBy('d.id')
    .limit(EXPORT_BATCH_SIZE);
}

/**
 * Whose rows an export covers and how many, as it starts: for the access audit trail, which is
 * written before the first byte (ADR 415).
 */
export async function exportedRows(
  db: Kysely<Database>,
  scope: ExportScope,
): Promise<{ patientIds: number[]; rowCount: number }> {
  const found = await db
    .selectFrom('form_data as d')
    .select([
      sql<number[]>`coalesce(array_agg(distinct d.user_id), '{}')`.as('patient_ids'),
      sql<number>`count(*)::int`.as('row_count'),
    ])
    .where('d.organization_id', '=', scope.organizationId)
    .where('d.form_id', 'in', scope.editionIds)
    .where('d.state', 'in', scope.states)
    .where('d.removed_at', 'is', null)
    .$if(scope.personId !== null, (query) => query.where('d.user_id', '=', scope.personId!))
    .executeTakeFirstOrThrow();
  return { patientIds: found.patient_ids, rowCount: found.row_count };
}

async function fileNamesOf(db: Kysely<Database>, scope: ExportScope, formDataIds: number[]) {
  const byRow = new Map<number, Record<string, string[]>>();
  if (!scope.withFiles || !formDataIds.length) return byRow;
  const files = await db
    .selectFrom('uploaded_files')
    .select(['form_data_id', 'field_id', 'name'])
    .where('form_data_id', 'in', formDataIds)
    .orderBy('form_data_id')
    .orderBy('field_id')
    .orderBy('position')
    .execute();
  for (const file of files) {
    const fields = byRow.get(file.form_data_id!) ?? {};
    (fields[file.field_id!] ??= []).push(file.name);
    byRow.set(file.form_data_id!, fields);
  }
  return byRow;
}

/**
 * The scope's next filled forms after `afterId`, in id order, at most EXPORT_BATCH_SIZE (keyset
 * pagination: each batch is its own short query, so an export holds no connection between batches,
 * on PostgreSQL and on PGlite's single connection alike).
 */
export async function exportBatch(
  db: Kysely<Database>,
  scope: ExportScope,
  { afterId, withPersonalData }: { afterId: number; withPersonalData: boolean },
): Promise<ExportRow[]> {
  const rows = await batchAfter(db, scope, afterId, withPersonalData).execute();
  const files = await fileNamesOf(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    edition: row.edition,
    completedAt: row.completed_at,
    scheduledStart: row.starts_at,
    scheduledEnd: row.ends_at,
    totalWeight: row.total_weight,
    color: row.color,
    text: row.text,
    answers: row.answers,
    fileNames: files.get(row.id) ?? {},
    person: {
      id: row.user_id,
      firstName: row.first_name ?? null,
      surname: row.surname ?? null,
      email: row.email ?? null,
      phone: row.phone ?? null,
      hospitalIdentifier: row.hospital_identifier ?? null,
      address: row.address ?? null,
    },
  }));
}
