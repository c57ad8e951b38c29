import { sql, type Kysely } from 'kysely';
import type { PersonFormsOverview } from '@formularze/domain/schemas/person-overview';
import type { Database } from '../db/schema';
import { PROJECT_COLUMNS, liveProjectOfForm, projectOfRow } from '../forms/live-project';
import { personName } from '../persons/person-name';

/**
 * One person's form editions (`/filled-forms/all/user/{personId}`): those they may fill, directly
 * or through a project, and those they have sent, with their COMPLETED count. Null when the person
 * is not a member of the organization.
 */
export async function personFormsOverview(
  db: Kysely<Database>,
  { organizationId, personId }: { organizationId: number; personId: number },
): Promise<PersonFormsOverview | null> {
  const person = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'surname', 'email', 'phone'])
    .where('id', '=', personId)
    .where('organization_id', '=', organizationId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!person) return null;

  const completed = db
    .selectFrom('form_data as d')
    .select([
      'd.form_id',
      sql<number>`count(*)::int`.as('answer_count'),
      sql<Date>`max(d.completed_at)`.as('last_completed_at'),
    ])
    .where('d.user_id', '=', personId)
    .where('d.state', '=', 'COMPLETED')
    .where('d.removed_at', 'is', null)
    .groupBy('d.form_id');
  const rows = await db
    .selectFrom('forms as f')
    .leftJoin(completed.as('c'), 'c.form_id', 'f.id')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .select([
      'f.id',
      'f.name',
      'f.edition',
      'f.bag_id',
      'f.status',
      ...PROJECT_COLUMNS,
      'c.answer_count',
      'c.last_completed_at',
    ])
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '!=', 'DELETED')
    .where((eb) =>
      eb.or([
        eb('c.answer_count', 'is not', null),
        eb.exists(
          eb
            .selectFrom('form_access as a')
            .select('a.form_id')
            .whereRef('a.form_id', '=', 'f.id')
            .where('a.user_id', '=', personId),
        ),
      ]),
    )
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.edition', 'desc')
    .execute();

  return {
    person: { id: person.id, name: personName(person) },
    forms: rows.map((row) => ({
      form: { id: row.id, name: row.name, edition: row.edition, bag: { id: row.bag_id }, status: row.status },
      group: projectOfRow(row),
      answerCount: row.answer_count ?? 0,
      lastCompletedAt: row.last_completed_at ? new Date(row.last_completed_at).toISOString() : null,
    })),
  };
}
