import { sql, type Kysely } from 'kysely';
import type { PageRequest } from '@formularze/domain/schemas/paging';
import {
  TREND_LINE_POINTS,
  type PatientScoreTrend,
  type ScoredForm,
  type ScoreTrendSortKey,
} from '@formularze/domain/schemas/score-trends';
import type { Database } from '../db/schema';
import { personName } from '../persons/person-name';
import { patientsPageSql } from './patients-page-sql';

interface ProjectForm {
  organizationId: number;
  groupId: number;
}

/**
 * The project's scored forms (ADR 308): each form (bag) of the project with a completed, scored
 * filling in any of its editions, named as its newest edition, by name.
 */
export async function scoredFormsOfProject(
  db: Kysely<Database>,
  { organizationId, groupId }: ProjectForm,
): Promise<ScoredForm[]> {
  const { rows } = await sql<{ bag_id: number; form_id: number; name: string }>`
    select * from (
      select distinct on (f.bag_id) f.bag_id, f.id as form_id, f.name
      from forms f
      where f.organization_id = ${organizationId} and f.group_id = ${groupId} and f.status <> 'DELETED'
        and exists (
          select 1 from forms e join form_data d on d.form_id = e.id
          where e.bag_id = f.bag_id and e.organization_id = ${organizationId} and e.group_id = ${groupId}
            and e.status <> 'DELETED'
            and d.state = 'COMPLETED' and d.removed_at is null and d.total_weight is not null
        )
      order by f.bag_id, f.edition desc
    ) newest
    order by lower(newest.name), newest.bag_id
  `.execute(db);
  return rows.map((row) => ({ bagId: row.bag_id, formId: row.form_id, name: row.name }));
}

/** What each sort key orders by; every order ends with the person's id, so pages never overlap. */
const SORT_COLUMNS: Record<ScoreTrendSortKey, string> = {
  rise: 'p.rise',
  latest: 'p.latest',
  completedAt: 'p.latest_at',
  surname: 'lower(u.surname)',
};

/** Every completed, scored filling of the bag's editions in the project, newest first per patient. */
const scoredFillings = ({ organizationId, groupId, bagId }: ProjectForm & { bagId: number }) => sql`
  select d.id, d.user_id, d.completed_at, d.total_weight::float8 as score,
    row_number() over (partition by d.user_id order by d.completed_at desc, d.id desc) as recency
  from form_data d
  join forms f on f.id = d.form_id
  join users u on u.id = d.user_id
  where f.bag_id = ${bagId} and f.group_id = ${groupId} and f.organization_id = ${organizationId}
    and f.status <> 'DELETED' and u.removed_at is null
    and d.state = 'COMPLETED' and d.removed_at is null and d.total_weight is not null
`;

/** Each patient's latest score, with the one before it and the rise between them. */
const latestScores = sql`
  select user_id,
    max(score) filter (where recency = 1) as latest,
    max(completed_at) filter (where recency = 1) as latest_at,
    max(id) filter (where recency = 1) as latest_id,
    max(score) filter (where recency = 2) as previous,
    max(score) filter (where recency = 1) - max(score) filter (where recency = 2) as rise,
    count(*)::int as fillings
  from fillings
  group by user_id
`;

/** How many patients have each latest score: the distribution's input. */
export async function latestScoreCounts(
  db: Kysely<Database>,
  form: ProjectForm & { bagId: number },
): Promise<{ score: number; patients: number }[]> {
  const { rows } = await sql<{ score: number; patients: number }>`
    with fillings as (${scoredFillings(form)}), patients as (${latestScores})
    select latest as score, count(*)::int as patients from patients group by latest order by latest
  `.execute(db);
  return rows;
}

interface TrendRow {
  user_id: number;
  first_name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  previous: number | null;
  rise: number | null;
  fillings: number;
  total: number;
  filled_form_id: number;
  completed_at: Date;
  score: number;
}

/**
 * A page of the patients of a project's scored form with their trend: the latest score, the one
 * before, the rise, and the latest `TREND_LINE_POINTS` fillings, in one statement.
 */
type ScoreTrendsRequest = ProjectForm & {
  bagId: number;
  minRise: number | undefined;
  page: PageRequest<ScoreTrendSortKey>;
};

export async function scoreTrendsPage(
  db: Kysely<Database>,
  request: ScoreTrendsRequest,
): Promise<{ content: PatientScoreTrend[]; totalElements: number }> {
  const { minRise, page } = request;
  const patientsPage = patientsPageSql({
    patients: 'patients',
    where: sql`${minRise ?? null}::float8 is null or p.rise > ${minRise ?? null}::float8`,
    page,
    columns: SORT_COLUMNS,
  });
  const { rows } = await sql<TrendRow>`
    with fillings as (${scoredFillings(request)}),
    patients as (${latestScores}),
    page as (${patientsPage})
    select page.user_id, page.first_name, page.surname, page.email, page.phone, page.previous, page.rise,
      page.fillings, page.total, f.id as filled_form_id, f.completed_at, f.score
    from page
    join fillings f on f.user_id = page.user_id and f.recency <= ${TREND_LINE_POINTS}
    order by page.position, f.recency desc
  `.execute(db);

  const content: PatientScoreTrend[] = [];
  for (const row of rows) {
    const point = {
      filledFormId: row.filled_form_id,
      completedAt: row.completed_at.toISOString(),
      score: row.score,
    };
    let patient = content.at(-1);
    if (patient?.person.id !== row.user_id) {
      patient = {
        person: { id: row.user_id, name: personName(row) },
        latest: point,
        previous: row.previous,
        rise: row.rise,
        fillings: row.fillings,
        points: [],
      };
      content.push(patient);
    }
    // Oldest first: the last point read is the latest.
    patient.points.push(point);
    patient.latest = point;
  }
  // A page past the last one has no rows to carry the total: count on the first page.
  const total = rows[0]?.total ?? (page.page === 0 ? 0 : await totalOf(db, request));
  return { content, totalElements: total };
}

async function totalOf(db: Kysely<Database>, request: ScoreTrendsRequest): Promise<number> {
  const first = await scoreTrendsPage(db, { ...request, page: { ...request.page, page: 0, pageSize: 1 } });
  return first.totalElements;
}
