import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FilledFormState } from '@formularze/domain/schemas/filled-data';
import { templateFields } from '@formularze/domain/schemas/form-template';
import type { PageRequest } from '@formularze/domain/schemas/paging';
import type {
  FormResultRow,
  FormResultsPage,
  LatestResultsPage,
  ResultAddress,
  ResultField,
  ResultFilter,
  ResultRow,
  ResultSortKey,
} from '@formularze/domain/schemas/results';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import type { FilledDataCaller } from '../filled-data/filled-data-repository';
import {
  FILLING_CONTEXT_COLUMNS,
  FILLING_FORM_AND_FILLER_COLUMNS,
  SLOT_COLUMNS,
  FILLING_OUTCOME_COLUMNS,
  fillerOf,
  liveFillingsOf,
  type FillerRow,
} from '../filled-data/filling-rows';
import { formNotFound } from '../forms/form-lifecycle';
import { PROJECT_COLUMNS, liveProjectOfForm, projectOfRow } from '../forms/live-project';
import { liveFormsOf } from '../forms/live-forms';
import { filesOfFilledForm } from '../filled-data/uploaded-files-repository';
import { filterSql, sortSql } from './result-filter-sql';

/**
 * Results of filled forms: the /results table (the latest filling per person and form edition) and
 * one form edition's fillings with their answers. Rows are COMPLETED fillings and MISSED slots
 * (drafts are their filler's own until sent). Reviewers (`readsAllData`) read the organization's;
 * anyone else reads their own, of forms they are selected for, without points.
 */

export interface ResultsQuery {
  caller: FilledDataCaller;
  filter: ResultFilter;
  page: PageRequest<ResultSortKey>;
}

/**
 * The fillings the caller may see (sent ones, and MISSED slots `withMissed`), joined as the filter
 * and the sort expect.
 */
function visibleFillings(
  db: Kysely<Database>,
  caller: FilledDataCaller,
  { withMissed }: { withMissed: boolean },
) {
  return (
    liveFillingsOf(db, caller.organizationId)
      .where('f.status', '!=', sql.lit('DELETED'))
      // Written as the results indexes' predicate, with the state a literal rather than a parameter,
      // so that the planner sees they apply even to the prepared statement's generic plan.
      .where('d.state', withMissed ? '<>' : '=', sql.lit(withMissed ? 'SAVED' : 'COMPLETED'))
      .$if(!caller.readsAllData, (query) =>
        query.where('d.user_id', '=', caller.userId).where(selectedForForm(caller.userId)),
      )
  );
}

/**
 * Whether the person may fill some edition of the form `f`, directly or through its project (§2: a
 * patient not selected for the form has no results of it to see).
 */
const selectedForForm = (userId: number) =>
  sql<SqlBool>`exists (
    select 1 from form_access a join forms e on e.id = a.form_id
    where e.bag_id = f.bag_id and a.user_id = ${userId}
  )`;

/** How many times the row's person sent the row's form edition. */
const perPersonCount = sql<number>`(
  select count(*)::int from form_data c
  where c.form_id = d.form_id and c.user_id = d.user_id and c.state = 'COMPLETED' and c.removed_at is null
)`;

const ROW_COLUMNS = ['d.id', 'd.state', ...FILLING_OUTCOME_COLUMNS, ...FILLING_CONTEXT_COLUMNS] as const;

/**
 * ROW_COLUMNS but the slot's, read once per pair where the pairs are ranked: the page's rows then
 * join only their slots.
 */
const RANKED_ROW_COLUMNS = [
  'd.id',
  'd.state',
  'd.scheduled_form_id',
  ...FILLING_OUTCOME_COLUMNS,
  ...FILLING_FORM_AND_FILLER_COLUMNS,
] as const;

interface RowColumns extends FillerRow {
  id: number;
  state: FilledFormState;
  completed_at: Date | null;
  total_weight: number | null;
  color: string | null;
  text: string | null;
  form_id: number;
  form_name: string;
  edition: number;
  bag_id: number;
  group_id: number | null;
  group_name: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  per_person_count: number;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function addressOf(address: Record<string, string | null> | null): ResultAddress | null {
  if (!address) return null;
  return {
    street: address.street ?? null,
    city: address.city ?? null,
    zipCode: address.zipCode ?? null,
    post: address.post ?? null,
  };
}

function toResultRow(row: RowColumns, caller: FilledDataCaller): ResultRow {
  // §6: patients see neither points nor the message the points earned.
  const points = caller.readsAllData;
  return {
    formDataId: row.id,
    state: row.state,
    totalWeight: points ? row.total_weight : null,
    color: points ? row.color : null,
    text: points ? row.text : null,
    completedAt: iso(row.completed_at),
    filledBy: { ...fillerOf(row), address: addressOf(row.address) },
    form: { id: row.form_id, name: row.form_name, edition: row.edition, bag: { id: row.bag_id } },
    group: projectOfRow(row),
    filledFormsPerPersonCount: row.per_person_count,
    scheduledExecutionStart: iso(row.starts_at),
    scheduledExecutionEnd: iso(row.ends_at),
  };
}

/** The page's order: the chosen key (empty values last), then newest rows first for a stable paging. */
const orderOf = ({ sort }: PageRequest<ResultSortKey>) => {
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  return sql`${sortSql(sort.key, perPersonCount)} ${direction} nulls last, d.id desc`;
};

/**
 * A pair's fillings (one person's of one form edition) in `marked`, latest first, those the filter
 * matched before the rest; the frame is the whole pair. Without a filter this is the order of
 * `form_data_results_latest_idx`, so the pass reads the index in order and sorts nothing.
 */
const pairWindow = (filtered: boolean) => sql`(
  partition by form_id, user_id
  order by ${filtered ? sql`matches desc, ` : sql``}filled_at desc, id desc
  rows between unbounded preceding and unbounded following
)`;

interface LatestResultsArgs {
  organizationId: number;
  userId: number;
  limit: number;
  offset: number;
}

interface LatestResultsShape {
  readsAllData: boolean;
  filter: ResultFilter;
  sort: PageRequest<ResultSortKey>['sort'];
}

/** Each person's latest filling of each form edition that `filter` matches, ranked for the page. */
function rankedLatest(
  db: Kysely<Database>,
  { organizationId, userId }: Pick<LatestResultsArgs, 'organizationId' | 'userId'>,
  { readsAllData, filter, sort }: LatestResultsShape,
) {
  const filtered = filter.length > 0;
  return db
    .with('marked', () =>
      db
        .selectFrom('form_data as d')
        .$if(filtered, (query) =>
          query
            .innerJoin('forms as f', 'f.id', 'd.form_id')
            .innerJoin('users as u', 'u.id', 'd.user_id')
            .leftJoin('form_groups as g', liveProjectOfForm),
        )
        .where('d.organization_id', '=', organizationId)
        .where('d.removed_at', 'is', null)
        .where('d.state', '<>', sql.lit('SAVED'))
        .$if(!readsAllData, (query) => query.where('d.user_id', '=', userId))
        .select([
          'd.id',
          'd.form_id',
          'd.user_id',
          'd.state',
          sql<Date>`coalesce(d.completed_at, d.created_at)`.as('filled_at'),
          sql<boolean>`coalesce(${filterSql(filter)}, false)`.as('matches'),
        ]),
    )
    .with('latest', (query) =>
      query
        .selectFrom((inner) =>
          inner
            .selectFrom('marked')
            .select([
              'id',
              'matches',
              // How many times the person sent the form edition, counted in the pass that picks
              // the latest: the pass holds all of the pair's fillings, the filter only marks some.
              sql<number>`(count(*) filter (where state = 'COMPLETED') over ${pairWindow(filtered)})::int`.as(
                'sent_count',
              ),
              sql<number>`row_number() over ${pairWindow(filtered)}`.as('place'),
            ])
            .as('pairs'),
        )
        .where('place', '=', sql.lit(1))
        .where('matches', '=', sql.lit(true))
        .select(['id', 'sent_count']),
    )
    .with('ranked', (query) =>
      query
        .selectFrom('latest as l')
        .innerJoin('form_data as d', 'd.id', 'l.id')
        .innerJoin('forms as f', 'f.id', 'd.form_id')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .leftJoin('form_groups as g', liveProjectOfForm)
        .where('f.status', '!=', sql.lit('DELETED'))
        .$if(!readsAllData, (query) => query.where(selectedForForm(userId)))
        .select([
          ...RANKED_ROW_COLUMNS,
          'l.sent_count',
          sortSql(sort.key, sql<number>`l.sent_count`).as('sort_value'),
        ]),
    );
}

/**
 * The page of `rankedLatest` with its slots. Compiled once per sort and kind of caller for the
 * unfiltered table every visit of /results opens with; a filter's conditions shape the SQL.
 */
const latestResultsPage = compiledOnce(
  (db, args: LatestResultsArgs, shape: LatestResultsShape) => {
    const direction = sql.raw(shape.sort.descending ? 'desc' : 'asc');
    return rankedLatest(db, args, shape)
      .with('page', (query) =>
        query
          .selectFrom('ranked')
          .selectAll()
          .select(sql<number>`(count(*) over ())::int`.as('total'))
          .orderBy(sql`sort_value ${direction} nulls last, id desc`)
          .limit(args.limit)
          .offset(args.offset),
      )
      .selectFrom('page as d')
      .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
      .selectAll('d')
      .select(['d.sent_count as per_person_count', ...SLOT_COLUMNS])
      .orderBy(sql`d.sort_value ${direction} nulls last, d.id desc`);
  },
  ({ readsAllData, filter, sort }) =>
    filter.length > 0 ? undefined : `${readsAllData}:${sort.key}:${sort.descending}`,
);

/**
 * `POST /api/form_data/latest_for_projects_and_users`: for each person and form edition, their
 * latest filling (sent or missed) among those the filter matches, with how many times they sent it.
 * One pass over the organization's fillings in the order of `form_data_results_latest_idx` (an
 * index-only scan, unsorted without a filter) picks each pair's latest and counts its sent ones;
 * the pairs are then read with their form, person and project (the same for all of a pair's
 * fillings, so joined once per pair rather than once per filling, except when the filter reads
 * them), checked (the form not deleted, a patient's selection for it), sorted, counted and paged;
 * only the page's rows look up their slots (bench/README.md, the results page).
 */
export async function latestResults(
  db: Kysely<Database>,
  { caller, filter, page }: ResultsQuery,
): Promise<LatestResultsPage> {
  const who = { organizationId: caller.organizationId, userId: caller.userId };
  const shape = { readsAllData: caller.readsAllData, filter, sort: page.sort };
  const window = { limit: page.pageSize, offset: page.page * page.pageSize };
  const { rows } = await db.executeQuery(latestResultsPage(db, { ...who, ...window }, shape));
  // A page past the end has no row to carry the count.
  const total =
    rows[0]?.total ??
    (
      await rankedLatest(db, who, shape)
        .selectFrom('ranked')
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow()
    ).total;
  return {
    content: rows.map((row) => toResultRow(row, caller)),
    totalElements: total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** Template elements that hold no answer of their own (a group's members are columns themselves). */
const NOT_ANSWERS = new Set(['LABEL', 'GROUP', 'REPEATING_GROUP']);

/** The form edition the caller may see results of; a patient only one they are selected for. */
async function resultsForm(db: Kysely<Database>, caller: FilledDataCaller, formId: number) {
  const form = await db
    .selectFrom('forms as f')
    .leftJoin('form_groups as g', liveProjectOfForm)
    .select(['f.id', 'f.name', 'f.edition', 'f.bag_id', 'f.template', ...PROJECT_COLUMNS])
    .where('f.id', '=', formId)
    .where('f.organization_id', '=', caller.organizationId)
    .where('f.status', '!=', 'DELETED')
    .$if(!caller.readsAllData, (query) => query.where(selectedForForm(caller.userId)))
    .executeTakeFirst();
  if (!form) throw formNotFound();
  return form;
}

/**
 * `POST /api/form_data/by_form_id_extended/{formId}`: the fillings of that form edition (its
 * template gives the answers their meaning; the other editions are listed to switch to), MISSED
 * slots when asked for, one person's only with `personId` (a patient's are always their own).
 */
export async function formResults(
  db: Kysely<Database>,
  {
    caller,
    filter,
    page,
    formId,
    personId,
    showMissed,
  }: ResultsQuery & { formId: number; personId?: number; showMissed: boolean },
): Promise<FormResultsPage> {
  const form = await resultsForm(db, caller, formId);
  if (!caller.readsAllData && personId !== undefined && personId !== caller.userId) throw formNotFound();
  const fillings = visibleFillings(db, caller, { withMissed: showMissed })
    .where('d.form_id', '=', formId)
    .$if(personId !== undefined, (query) => query.where('d.user_id', '=', personId!))
    .where(filterSql(filter));
  const rows = await fillings
    .leftJoin('scheduled_forms as s', 's.id', 'd.scheduled_form_id')
    .select([
      ...ROW_COLUMNS,
      perPersonCount.as('per_person_count'),
      'd.answers',
      'd.item_scores',
      'd.editable_until',
      filesOfFilledForm.as('files'),
    ])
    .orderBy(orderOf(page))
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const { total } = await fillings.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const editions = await liveFormsOf(db, caller.organizationId)
    .select(['id', 'name', 'edition'])
    .where('bag_id', '=', form.bag_id)
    .orderBy('edition', 'desc')
    .execute();
  const fields: ResultField[] = templateFields(form.template)
    .filter(({ field }) => !NOT_ANSWERS.has(field.type))
    .map(({ field }) => ({ id: field.id, label: field.label ?? null, dataType: field.type }));
  const content: FormResultRow[] = rows.map((row) => ({
    ...toResultRow(row, caller),
    filesData: row.files ?? {},
    data: row.answers.data ?? {},
    arrayData: row.answers.arrayData ?? {},
    noteData: row.answers.noteData ?? {},
    fieldAlternativeAnswer: row.answers.fieldAlternativeAnswer ?? {},
    itemScores: caller.readsAllData ? row.item_scores : {},
    editableUntil: iso(row.editable_until),
  }));
  return {
    form: {
      id: form.id,
      name: form.name,
      edition: form.edition,
      bag: { id: form.bag_id },
      group: projectOfRow(form),
    },
    fields,
    editions,
    content,
    totalElements: total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
