import type { Kysely } from 'kysely';
import type { FormLayout, FormRule } from '@formularze/domain/schemas/form-template';
import type { FormStatus } from '@formularze/domain/schemas/forms';
import type { Database } from '../db/schema';
import { bagEditions } from '../forms/bag-editions';
import { formNotFound } from '../forms/form-lifecycle';

export interface EditionRow {
  id: number;
  edition: number;
  name: string;
  description: string | null;
  status: FormStatus;
  template: FormLayout;
  rules: FormRule[];
  updatedAt: Date;
}

/**
 * A form of the caller's organization (not deleted), or another edition of its bag; anything
 * else, another organization's form included, is "not found".
 */
export async function findEdition(
  db: Kysely<Database>,
  { organizationId, formId, edition }: { organizationId: number; formId: number; edition?: number },
): Promise<EditionRow> {
  const row = await bagEditions(db, { organizationId, formId })
    .select([
      'edition.id',
      'edition.edition',
      'edition.name',
      'edition.description',
      'edition.status',
      'edition.template',
      'edition.rules',
      'edition.updated_at',
    ])
    .$if(edition === undefined, (query) => query.whereRef('edition.id', '=', 'chosen.id'))
    .$if(edition !== undefined, (query) => query.where('edition.edition', '=', edition!))
    .executeTakeFirst();
  if (!row) throw formNotFound();
  return {
    id: row.id,
    edition: row.edition,
    name: row.name,
    description: row.description,
    status: row.status,
    template: row.template,
    rules: row.rules,
    updatedAt: row.updated_at,
  };
}

/** The template of an edition the caller was already allowed to read a filled form of. */
export async function templateOf(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<FormLayout> {
  const row = await db
    .selectFrom('forms')
    .select('template')
    .where('id', '=', formId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw formNotFound();
  return row.template;
}
