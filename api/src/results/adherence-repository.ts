import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_ADHERENCE_PERIOD,
  DEFAULT_ADHERENCE_SORT,
  UPCOMING_DAYS,
  type AdherenceQuery,
  type AdherenceForm,
  type AdherencePage,
  type AdherencePeriod,
  type AdherenceSortKey,
  type SlotStatus,
} from '@formularze/domain/schemas/adherence';
import { DEFAULT_PAGE_SIZE, pageRequest, type PageRequest } from '@formularze/domain/schemas/paging';
import type { Database } from '../db/schema';
import { formNotFound } from '../forms/form-lifecycle';
import { liveFormsOf } from '../forms/live-forms';
import { isLiveProject, projectNotFound } from '../projects/projects-repository';
import { personName } from '../persons/person-name';
import { patientsPageSql } from './patients-page-sql';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Memory for the grid's one statement: it sorts and hashes every slot of the period (52 000 for a
 * year of 1 000 weekly patients), which the default 4 MB sent to temporary files.
 */
const GRID_WORK_MEM = '32MB';

/** What each sort key orders by; every order ends with the person's id, so pages never overlap. */
const SORT_COLUMNS: Record<AdherenceSortKey, string> = {
  adherence: 'p.adherence',
  missedStreak: 'p.missed_streak',
  surname: 'lower(u.surname)',
};

/**
 * Whose slots the grid shows: a form's bag (the slots of every edition of the form count), or a
 * project (the slots of every edition of each of its forms, ADR 306).
 */
export type AdherenceForms = { bagId: number } | { groupId: number };

export interface AdherenceRequest {
  organizationId: number;
  forms: AdherenceForms;
  period: AdherencePeriod;
  minMissedStreak: number;
  page: PageRequest<AdherenceSortKey>;
  now: Date;
}

/** The query with its defaults: period, streak filter and page. */
export function adherenceRequestOf(
  query: AdherenceQuery,
): Pick<AdherenceRequest, 'period' | 'minMissedStreak' | 'page'> {
  const { period = DEFAULT_ADHERENCE_PERIOD, minMissedStreak = 0, ...paging } = query;
  return {
    period,
    minMissedStreak,
    page: pageRequest({ pageSize: DEFAULT_PAGE_SIZE, ...paging }, DEFAULT_ADHERENCE_SORT),
  };
}

interface AdherenceRow {
  user_id: number;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  form_id: number;
  bag_id: number;
  due: number;
  on_time: number;
  adherence: number | null;
  missed_streak: number;
  reminded_at: Date | null;
  total: number;
  slot_id: number;
  starts_at: Date;
  ends_at: Date;
  status: SlotStatus;
  filled_form_id: number | null;
  filled_at: Date | null;
  score: number | null;
}

/**
 * One page of the patients of a scheduled form, or of a project's scheduled forms, with their slots
 * of the period (ADRs 305, 306). Each
 * slot's status, the per-patient counts, the filter and the page are computed by the database in
 * one statement; only the page's patients' slots are read out.
 */
export async function adherenceOf(db: Kysely<Database>, request: AdherenceRequest): Promise<AdherencePage> {
  const { organizationId, forms, period, minMissedStreak, page, now } = request;
  const ofForms = (alias: string) =>
    'bagId' in forms
      ? sql`${sql.ref(`${alias}.bag_id`)} = ${forms.bagId}`
      : sql`${sql.ref(`${alias}.group_id`)} = ${forms.groupId}`;
  const from = period === 'all' ? null : new Date(now.getTime() - Number(period) * DAY_MS);
  const until = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);

  const patientsPage = patientsPageSql({
    patients: 'scored',
    where: sql`p.missed_streak >= ${minMissedStreak}`,
    page,
    columns: SORT_COLUMNS,
  });
  const query = sql<AdherenceRow>`
    with fills as (
      select distinct on (c.scheduled_form_id) c.scheduled_form_id, c.id, c.completed_at, c.total_weight
      from form_data c
      join forms cf on cf.id = c.form_id
      where ${ofForms('cf')} and cf.organization_id = ${organizationId}
        and c.scheduled_form_id is not null and c.state = 'COMPLETED' and c.removed_at is null
      order by c.scheduled_form_id, c.completed_at, c.id
    ),
    slots as (
      select s.id, s.form_id, f.bag_id, s.user_id, s.starts_at, s.ends_at, d.id as filled_form_id, d.completed_at,
        d.total_weight,
        case
          when d.id is not null then case when d.completed_at <= s.ends_at then 'ON_TIME' else 'LATE' end
          when s.ends_at <= ${now} then 'MISSED'
          when s.starts_at <= ${now} then 'OPEN'
          else 'UPCOMING'
        end as status
      from scheduled_forms s
      join forms f on f.id = s.form_id
      join users u on u.id = s.user_id
      left join fills d on d.scheduled_form_id = s.id
      where ${ofForms('f')} and f.organization_id = ${organizationId} and f.status <> 'DELETED'
        and u.removed_at is null
        and s.starts_at <= ${until}
        and (${from}::timestamptz is null or s.ends_at > ${from}::timestamptz)
    ),
    last_fills as (
      select user_id, max(ends_at) filter (where status in ('ON_TIME', 'LATE')) as last_filled_end
      from slots
      group by user_id
    ),
    patients as (
      select s.user_id,
        (count(*) filter (where s.status in ('ON_TIME', 'LATE', 'MISSED')))::int as due,
        (count(*) filter (where s.status = 'ON_TIME'))::int as on_time,
        (count(*) filter (where s.status = 'MISSED'
          and (l.last_filled_end is null or s.ends_at > l.last_filled_end)))::int as missed_streak
      from slots s
      join last_fills l on l.user_id = s.user_id
      group by s.user_id
    ),
    scored as (
      select p.*,
        case when p.due = 0 then null else round(100.0 * p.on_time / p.due)::int end as adherence
      from patients p
    ),
    page as (${patientsPage})
    select page.user_id, page.first_name, page.surname, page.email, page.phone, page.due,
      page.on_time, page.adherence, page.missed_streak, page.total,
      (select max(r.sent_at) from adherence_reminders r
        where r.organization_id = ${organizationId} and r.user_id = page.user_id) as reminded_at,
      s.id as slot_id, s.form_id, s.bag_id, s.starts_at, s.ends_at, s.status, s.filled_form_id,
      s.completed_at as filled_at, s.total_weight::float8 as score
    from page
    join slots s on s.user_id = page.user_id
    order by page.position, s.starts_at, s.id
  `;
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`select set_config('work_mem', ${GRID_WORK_MEM}, true)`.execute(trx);
    return query.execute(trx);
  });

  const content: AdherencePage['content'] = [];
  for (const row of rows) {
    let patient = content.at(-1);
    if (patient?.person.id !== row.user_id) {
      patient = {
        person: { id: row.user_id, name: personName(row) },
        dueSlots: row.due,
        onTimeSlots: row.on_time,
        adherence: row.adherence,
        missedStreak: row.missed_streak,
        remindedAt: row.reminded_at?.toISOString() ?? null,
        slots: [],
      };
      content.push(patient);
    }
    patient.slots.push({
      id: row.slot_id,
      formId: row.form_id,
      bagId: row.bag_id,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      status: row.status,
      filledFormId: row.filled_form_id,
      filledAt: row.filled_at?.toISOString() ?? null,
      score: row.score,
    });
  }
  return {
    content,
    totalElements: rows[0]?.total ?? (await countWhenPastTheEnd(db, request)),
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** A page past the last one has no rows to carry the total: count the patients alone. */
async function countWhenPastTheEnd(db: Kysely<Database>, request: AdherenceRequest): Promise<number> {
  if (request.page.page === 0) return 0;
  const first = await adherenceOf(db, { ...request, page: { ...request.page, page: 0, pageSize: 1 } });
  return first.totalElements;
}

/** The grid of a form is the slots of every edition of its bag; a form of no grid a 404. */
export async function adherenceFormsOfForm(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
): Promise<AdherenceForms> {
  const form = await liveFormsOf(db, organizationId)
    .select('bag_id')
    .where('id', '=', formId)
    .executeTakeFirst();
  if (!form) throw formNotFound();
  return { bagId: form.bag_id };
}

/** The grid of a live project; any other a 404. */
export async function adherenceFormsOfProject(
  db: Kysely<Database>,
  { organizationId, groupId }: { organizationId: number; groupId: number },
): Promise<AdherenceForms> {
  if (!(await isLiveProject(db, { organizationId, groupId }))) throw projectNotFound();
  return { groupId };
}

/**
 * The grid's scheduled forms, for its columns and its export (ADR 306): each form (bag) with a
 * slot in any of its editions, named as its newest edition, by name.
 */
export async function scheduledFormsOf(
  db: Kysely<Database>,
  { organizationId, forms }: { organizationId: number; forms: AdherenceForms },
): Promise<AdherenceForm[]> {
  const ofForms = (alias: string) =>
    'bagId' in forms
      ? sql`${sql.ref(`${alias}.bag_id`)} = ${forms.bagId}`
      : sql`${sql.ref(`${alias}.group_id`)} = ${forms.groupId}`;
  const { rows } = await sql<{ bag_id: number; form_id: number; name: string }>`
    select * from (
      select distinct on (f.bag_id) f.bag_id, f.id as form_id, f.name
      from forms f
      where f.organization_id = ${organizationId} and ${ofForms('f')} and f.status <> 'DELETED'
        and exists (
          select 1 from forms e
          where e.bag_id = f.bag_id and e.organization_id = ${organizationId} and ${ofForms('e')}
            and e.status <> 'DELETED'
            and exists (select 1 from scheduled_forms s where s.form_id = e.id)
        )
      order by f.bag_id, f.edition desc
    ) newest
    order by lower(newest.name), newest.bag_id
  `.execute(db);
  return rows.map((row) => ({ bagId: row.bag_id, formId: row.form_id, name: row.name }));
}
