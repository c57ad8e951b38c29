/**
 * What the lists of filled forms (one's filled forms, results, the CSV export) read of a filling
 * `d`, its form `f`, the form's project `g`, the person `u` who filled it and its slot `s`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { FilledFormSummary } from '@formularze/domain/schemas/filled-data';
import type { Database } from '../db/schema';
import { PROJECT_COLUMNS, liveProjectOfForm } from '../forms/live-project';
import { personName } from '../persons/person-name';

/** The organization's fillings that were not removed, with their form, filler and live project. */
export const liveFillingsOf = (db: Kysely<Database> | Transaction<Database>, organizationId: number) =>
  db
    .selectFrom('form_data as d')
    .innerJoin('forms as f', 'f.id', 'd.form_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .where('d.organization_id', '=', organizationId)
    .where('d.removed_at', 'is', null);

/** When the filling was sent and what the form's rules gave it: points, colour and message. */
export const FILLING_OUTCOME_COLUMNS = ['d.completed_at', 'd.total_weight', 'd.color', 'd.text'] as const;

/** Who the filler is, as the lists show them. */
export const FILLER_COLUMNS = [
  'u.first_name',
  'u.surname',
  'u.email',
  'u.phone',
  'u.hospital_identifier',
  'u.address',
] as const;

/** The filling's form edition, project and filler. */
export const FILLING_FORM_AND_FILLER_COLUMNS = [
  'f.id as form_id',
  'f.name as form_name',
  'f.edition',
  'f.bag_id',
  ...PROJECT_COLUMNS,
  'u.id as user_id',
  ...FILLER_COLUMNS,
] as const;

/** The filling's slot: when it was due. */
export const SLOT_COLUMNS = ['s.starts_at', 's.ends_at'] as const;

/** The filling's form edition, project, filler and slot. */
export const FILLING_CONTEXT_COLUMNS = [...FILLING_FORM_AND_FILLER_COLUMNS, ...SLOT_COLUMNS] as const;

/** What a row read with FILLING_CONTEXT_COLUMNS holds of its filler. */
export interface FillerRow {
  user_id: number;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  hospital_identifier: string | null;
  address: Record<string, string | null> | null;
}

export const fillerOf = (row: FillerRow): FilledFormSummary['filledBy'] => ({
  id: row.user_id,
  name: personName(row),
  mail: row.email,
  phone: row.phone,
  hospitalIdentifier: row.hospital_identifier,
  address: row.address,
});
