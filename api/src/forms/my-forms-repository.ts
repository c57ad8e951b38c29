import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type {
  MY_FORM_SORT_KEYS,
  MyForm,
  SCHEDULED_FORM_SORT_KEYS,
  ScheduledForm,
} from '@formularze/domain/schemas/forms';
import type { PageRequest, Paged } from '@formularze/domain/schemas/paging';
import { storedPage, type StoredJson } from '../core/http/stored-response';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import { filledBy, slotFilling } from './filled-data';
import { scheduled } from './scheduled-forms-repository';
import { liveProjectOfForm } from './live-project';

/**
 * The signed-in person's own forms (§7 `/api/v2/forms/...`): what they may fill now, their
 * scheduled windows, and the forms they filled. Only ACTIVE forms of their organization are theirs
 * to fill.
 */

type MyFormSortKey = (typeof MY_FORM_SORT_KEYS)[number];
type ScheduledSortKey = (typeof SCHEDULED_FORM_SORT_KEYS)[number];

interface Person {
  userId: number;
  organizationId: number;
}

const countAll = sql<number>`count(*)::int`;
/** The query's whole count beside each row of a page: the page and its total in one round trip. */
const totalBesideRows = sql<number>`(count(*) over ())::int`;

/**
 * A page of `query` in the order and selection of `ordered` (built on it), with the query's total.
 * The total rides on the page's rows; a page past the end has no row to carry it: only then is it
 * counted apart (and the first page of nothing is simply empty).
 */
async function pageWithTotal<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
  page: { page: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const rows = await ordered
    .select(totalBesideRows.as('total'))
    // The selection is the caller's, unknown here beside the total this adds.
    .$castTo<Row & { total: number }>()
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (page.page === 0) return { rows, total: 0 };
  return { rows, total: await countOf(query) };
}

/** The rows of `query` counted. */
async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const counted = await query
    .select(countAll.as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow();
  return counted.total;
}

/** The organization's forms with the person's access to each (direct or through a project), if any. */
function formsWithAssignment(db: Kysely<Database>, { userId, organizationId }: Person) {
  return db
    .selectFrom('forms as f')
    .leftJoin('form_access as a', (join) => join.onRef('a.form_id', '=', 'f.id').on('a.user_id', '=', userId))
    .leftJoin('form_groups as g', liveProjectOfForm)
    .where('f.organization_id', '=', organizationId);
}

const MY_FORM_ORDER = { name: sql`lower(f.name)`, validTo: sql`a.valid_to` } satisfies Record<
  MyFormSortKey,
  unknown
>;

type MyFormsQuery = ReturnType<typeof formsWithAssignment>;

/**
 * A form of a `formsWithAssignment` query as the JSON of `myForm` (domain/src/schemas/forms.ts),
 * built by the database: the list is sent as it comes (core/http/stored-response.ts).
 */
const myFormJson = sql<StoredJson<MyForm>>`json_build_object(
  'id', f.id, 'name', f.name, 'description', f.description, 'edition', f.edition,
  'bag', json_build_object('id', f.bag_id), 'status', f.status,
  'formGroup', case when g.id is null then null else json_build_object('id', g.id, 'name', g.name) end,
  'allowDrafting', f.settings -> 'allowDrafting', 'validSince', a.valid_since, 'validTo', a.valid_to
)::text`;

type MyFormSort = PageRequest<MyFormSortKey>['sort'];
const sortShape = ({ key, descending }: MyFormSort) => `${key}:${descending}`;

/** The forms of `query` as `myForm` JSON, in `sort` order (editions of one bag newest first). */
function selectMyForms(query: MyFormsQuery, { key, descending }: MyFormSort) {
  return query
    .select(myFormJson.as('json'))
    .orderBy(MY_FORM_ORDER[key], (order) => (descending ? order.desc() : order.asc()).nullsLast())
    .orderBy('f.edition', 'desc')
    .orderBy('f.id');
}

const jsonOf = (rows: { json: StoredJson<MyForm> }[]) => rows.map((row) => row.json);

async function pageOfMyForms(query: MyFormsQuery, page: PageRequest<MyFormSortKey>) {
  const { rows, total } = await pageWithTotal(query, selectMyForms(query, page.sort), page);
  return storedPage(jsonOf(rows), { totalElements: total, page: page.page, pageSize: page.pageSize });
}

/** Active forms whose assignment to the person holds on `today`, scheduled ones too. */
function activeAssignments(db: Kysely<Database>, person: Person, today: string): MyFormsQuery {
  return formsWithAssignment(db, person)
    .where('f.status', '=', 'ACTIVE')
    .where('a.valid_since', '<=', today)
    .where((eb) => eb.or([eb('a.valid_to', 'is', null), eb('a.valid_to', '>=', today)]));
}

const activeUnscheduled = (db: Kysely<Database>, person: Person, today: string) =>
  activeAssignments(db, person, today).where(sql<boolean>`not ${scheduled}`);

/** The first screen of every patient: compiled once per sort order. */
const activeFormsPage = compiledOnce(
  (db, args: Person & { today: string; limit: number; offset: number }, sort: MyFormSort) =>
    selectMyForms(activeUnscheduled(db, args, args.today), sort)
      .select(totalBesideRows.as('total'))
      .limit(args.limit)
      .offset(args.offset),
  sortShape,
);

/** `GET /api/v2/forms/active`: active unscheduled forms assigned to the person for today. */
export async function listMyActiveForms(
  db: Kysely<Database>,
  { person, today, page }: { person: Person; today: string; page: PageRequest<MyFormSortKey> },
): Promise<StoredJson<Paged<MyForm>>> {
  const window = { limit: page.pageSize, offset: page.page * page.pageSize };
  const { rows } = await db.executeQuery(activeFormsPage(db, { ...person, today, ...window }, page.sort));
  const total = rows[0]?.total ?? (page.page === 0 ? 0 : await countOf(activeUnscheduled(db, person, today)));
  return storedPage(jsonOf(rows), { totalElements: total, page: page.page, pageSize: page.pageSize });
}

const BY_NAME = { key: 'name', descending: false } as const;

/** `GET /api/forms/active`: the same forms as `GET /api/v2/forms/active`, all of them, by name. */
export async function allMyActiveForms(
  db: Kysely<Database>,
  { person, today }: { person: Person; today: string },
): Promise<StoredJson<MyForm>[]> {
  return jsonOf(await selectMyForms(activeUnscheduled(db, person, today), BY_NAME).execute());
}

/**
 * `GET /api/forms/active-by-person/{personId}`: every active form (scheduled or not) the person may
 * fill today, as staff see it.
 */
export async function activeFormsOfPerson(
  db: Kysely<Database>,
  { person, today }: { person: Person; today: string },
): Promise<StoredJson<MyForm>[]> {
  return jsonOf(await selectMyForms(activeAssignments(db, person, today), BY_NAME).execute());
}

/**
 * `GET /api/v2/forms/all-my-filled-unique-bags`: the newest edition of each form (bag) the person
 * filled, whatever its status now (deleted forms excepted).
 */
export function listMyFilledBags(
  db: Kysely<Database>,
  { person, page }: { person: Person; page: PageRequest<MyFormSortKey> },
): Promise<StoredJson<Paged<MyForm>>> {
  // Filled once is theirs to see, assigned or not any more.
  const query = formsWithAssignment(db, person)
    .where('f.status', 'not in', ['DELETED', 'PREVIOUS_VERSION'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('forms as edition')
          .select('edition.id')
          .whereRef('edition.bag_id', '=', 'f.bag_id')
          .where((inner) => filledBy(person.userId, inner.ref('edition.id'))),
      ),
    );
  return pageOfMyForms(query, page);
}

/**
 * `GET /api/v2/forms/all-my-filled-previous/{bagId}`: the earlier editions of one form (bag) that the
 * person submitted, newest first; a bag of another organization has none.
 */
export function listMyFilledPreviousEditions(
  db: Kysely<Database>,
  { person, bagId, page }: { person: Person; bagId: number; page: PageRequest<MyFormSortKey> },
): Promise<StoredJson<Paged<MyForm>>> {
  const query = formsWithAssignment(db, person)
    .where('f.bag_id', '=', bagId)
    .where('f.status', '=', 'PREVIOUS_VERSION')
    .where((eb) => filledBy(person.userId, eb.ref('f.id')));
  return pageOfMyForms(query, page);
}

const SLOT_ORDER = {
  startDate: sql`s.starts_at`,
  endDate: sql`s.ends_at`,
  name: sql`lower(f.name)`,
} satisfies Record<ScheduledSortKey, unknown>;

/** What a scheduled window of the person shows: its times, its form and whether it was filled. */
const slotColumns = (
  eb: ExpressionBuilder<{ s: Database['scheduled_forms'] } & { f: Database['forms'] }, 's' | 'f'>,
) =>
  [
    's.id',
    's.starts_at',
    's.ends_at',
    'f.id as form_id',
    'f.name',
    sql<boolean>`coalesce((f.schedule->>'multi')::boolean, false)`.as('fills_many'),
    slotFilling(eb.ref('s.id')).filledById.as('filled_by_id'),
    slotFilling(eb.ref('s.id')).editableUntil.as('editable_until'),
  ] as const;

interface SlotRow {
  id: number;
  starts_at: Date;
  ends_at: Date;
  form_id: number;
  name: string;
  /** The schedule's fill mode is 'multi': a window takes any number of fills. */
  fills_many: boolean;
  filled_by_id: number | null;
  editable_until: Date | string | null;
}

function slotOfRow(row: SlotRow, now: Date): ScheduledForm {
  return {
    id: row.id,
    form: { id: row.form_id, name: row.name },
    startDate: row.starts_at.toISOString(),
    endDate: row.ends_at.toISOString(),
    editableUntil: row.editable_until ? new Date(row.editable_until).toISOString() : null,
    filledBy: row.filled_by_id === null ? null : { id: row.filled_by_id },
    // Ready: open now, and not yet filled unless the schedule fills a window more than once.
    readyToFill: row.starts_at <= now && now < row.ends_at && (row.fills_many || row.filled_by_id === null),
  };
}

/** The person's windows of active forms: open now, or yet to open. */
function mySlots(
  db: Kysely<Database>,
  { person, now, when }: { person: Person; now: Date; when: 'open' | 'future' },
) {
  return db
    .selectFrom('scheduled_forms as s')
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .where('s.user_id', '=', person.userId)
    .where('f.organization_id', '=', person.organizationId)
    .where('f.status', '=', 'ACTIVE')
    .$if(when === 'open', (open) => open.where('s.starts_at', '<=', now).where('s.ends_at', '>', now))
    .$if(when === 'future', (future) => future.where('s.starts_at', '>', now));
}

function selectSlots(
  query: ReturnType<typeof mySlots>,
  { key, descending }: PageRequest<ScheduledSortKey>['sort'],
) {
  return query
    .select(slotColumns)
    .orderBy(SLOT_ORDER[key], descending ? 'desc' : 'asc')
    .orderBy('s.id');
}

/**
 * `GET /api/v2/forms/scheduled` (`when: 'open'`: windows open now) and
 * `GET /api/v2/forms/scheduled-for-future` (`when: 'future'`: windows yet to open).
 */
export async function listMySlots(
  db: Kysely<Database>,
  {
    person,
    now,
    when,
    page,
  }: { person: Person; now: Date; when: 'open' | 'future'; page: PageRequest<ScheduledSortKey> },
): Promise<Paged<ScheduledForm>> {
  const query = mySlots(db, { person, now, when });
  const { rows, total } = await pageWithTotal(query, selectSlots(query, page.sort), page);
  return {
    content: rows.map((row) => slotOfRow(row, now)),
    totalElements: total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** `GET /api/forms/scheduled`: the windows open now, as `GET /api/v2/forms/scheduled`, all of them. */
export async function allMyOpenSlots(
  db: Kysely<Database>,
  { person, now }: { person: Person; now: Date },
): Promise<ScheduledForm[]> {
  const rows = await selectSlots(mySlots(db, { person, now, when: 'open' }), {
    key: 'startDate',
    descending: false,
  }).execute();
  return rows.map((row) => slotOfRow(row, now));
}

/**
 * `GET /api/forms/scheduled/{id}`: one window of the person's, whatever its time, so the fill page
 * knows when it ends; someone else's window (or one of a form no longer active) is not found.
 */
export async function findMySlot(
  db: Kysely<Database>,
  { person, id, now }: { person: Person; id: number; now: Date },
): Promise<ScheduledForm | null> {
  const row = await db
    .selectFrom('scheduled_forms as s')
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .where('s.id', '=', id)
    .where('s.user_id', '=', person.userId)
    .where('f.organization_id', '=', person.organizationId)
    .where('f.status', '=', 'ACTIVE')
    .select(slotColumns)
    .executeTakeFirst();
  return row ? slotOfRow(row, now) : null;
}
