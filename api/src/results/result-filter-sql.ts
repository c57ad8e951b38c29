import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { DISPLAY_TIME_ZONE } from '@formularze/domain/schemas/display-format';
import type { ResultFilter, ResultFilterCondition, ResultSortKey } from '@formularze/domain/schemas/results';

/**
 * The results filter language (`q` of @formularze/domain/schemas/results.ts) as SQL over the aliases
 * `d` (form_data), `f` (forms), `u` (users), `g` (form_groups). Every value a user typed is a bound
 * parameter; field ids of `data.{id}` and `fieldWeight.{id}` too (jsonb keys via `->>` with a
 * parameter). The conditions were checked by the schema, so each field takes the operators it lists.
 */

type Condition = RawBuilder<SqlBool>;
type Bound = string | number | null;

const always = sql<SqlBool>`true`;

/** `%text%` for ILIKE, the text's own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

const ilike = (column: RawBuilder<unknown>, text: string) =>
  sql<SqlBool>`${column} ilike ${containing(text)}`;

const personName = sql<string>`concat_ws(' ', u.first_name, u.surname)`;

/** The start of a calendar day (`YYYY-MM-DD`) in Poland, where results are read. */
const dayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${DISPLAY_TIME_ZONE})`;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function completedBetween(from: Bound, to: Bound): Condition {
  const lower =
    from === null
      ? always
      : isDay(String(from))
        ? sql<SqlBool>`d.completed_at >= ${dayStart(String(from))}`
        : sql<SqlBool>`d.completed_at >= ${String(from)}::timestamptz`;
  const upper =
    to === null
      ? always
      : isDay(String(to))
        ? sql<SqlBool>`d.completed_at < ${dayStart(String(to), 1)}`
        : sql<SqlBool>`d.completed_at <= ${String(to)}::timestamptz`;
  return sql<SqlBool>`(${lower} and ${upper})`;
}

function numberBetween(column: RawBuilder<unknown>, from: Bound, to: Bound): Condition {
  const lower = from === null ? always : sql<SqlBool>`${column} >= ${from}::double precision`;
  const upper = to === null ? always : sql<SqlBool>`${column} <= ${to}::double precision`;
  return sql<SqlBool>`(${lower} and ${upper})`;
}

function textBetween(column: RawBuilder<unknown>, from: Bound, to: Bound): Condition {
  const lower = from === null ? always : sql<SqlBool>`${column} >= ${String(from)}::text`;
  const upper = to === null ? always : sql<SqlBool>`${column} <= ${String(to)}::text`;
  return sql<SqlBool>`(${lower} and ${upper})`;
}

/** A single answer as text, or a multiple-choice answer's list as JSON text. */
const answerText = (fieldId: string) => sql`(d.answers->'data'->>${fieldId}::text)`;
const answerChoices = (fieldId: string) => sql`(d.answers->'arrayData'->${fieldId}::text)`;
/** A jsonb number as a number; text is not a number, even when it reads like one. */
const jsonNumber = (json: RawBuilder<unknown>) =>
  sql`(case when jsonb_typeof(${json}) = 'number' then (${json} #>> '{}')::double precision end)`;
const answerNumber = (fieldId: string) => jsonNumber(sql`d.answers->'data'->${fieldId}::text`);
const fieldWeight = (fieldId: string) => jsonNumber(sql`d.item_scores->${fieldId}::text->'weight'`);

const anyOf = (conditions: Condition[]) => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

function answerCondition(fieldId: string, condition: ResultFilterCondition): Condition {
  const { value } = condition;
  if (Array.isArray(value)) {
    const [from, to] = value;
    return typeof (from ?? to) === 'number'
      ? numberBetween(answerNumber(fieldId), from, to)
      : textBetween(answerText(fieldId), from, to);
  }
  if (condition.operator === 'contains') {
    return anyOf([
      ilike(answerText(fieldId), String(value)),
      ilike(sql`${answerChoices(fieldId)}::text`, String(value)),
    ]);
  }
  // The answer itself, or one of the chosen answers of a multiple-choice field.
  return anyOf([
    sql<SqlBool>`${answerText(fieldId)} = ${String(value)}::text`,
    sql<SqlBool>`coalesce(${answerChoices(fieldId)} @> ${JSON.stringify([value])}::jsonb, false)`,
  ]);
}

function conditionSql(condition: ResultFilterCondition): Condition {
  const { field, operator, value } = condition;
  const [from, to] = Array.isArray(value) ? value : [null, null];
  if (field.startsWith('data.')) return answerCondition(field.slice('data.'.length), condition);
  if (field.startsWith('fieldWeight.')) {
    const weight = fieldWeight(field.slice('fieldWeight.'.length));
    return operator === 'between'
      ? numberBetween(weight, from, to)
      : sql<SqlBool>`${weight} = ${value as number}::double precision`;
  }
  switch (field) {
    case 'filledBy':
      return operator === 'is'
        ? sql<SqlBool>`d.user_id = ${value as number}::int`
        : anyOf(
            [personName, sql`u.email`, sql`u.phone`, sql`u.hospital_identifier`].map((column) =>
              ilike(column, String(value)),
            ),
          );
    case 'completedAt':
      return operator === 'between'
        ? completedBetween(from, to)
        : completedBetween(String(value), String(value));
    case 'totalWeight':
      return operator === 'between'
        ? numberBetween(sql`d.total_weight`, from, to)
        : sql<SqlBool>`d.total_weight = ${value as number}::double precision`;
    case 'group.name':
      return operator === 'contains'
        ? ilike(sql`g.name`, String(value))
        : sql<SqlBool>`lower(g.name) = lower(${String(value)}::text)`;
    case 'form.name':
      return operator === 'contains'
        ? ilike(sql`f.name`, String(value))
        : sql<SqlBool>`lower(f.name) = lower(${String(value)}::text)`;
    case 'form.id':
      return sql<SqlBool>`d.form_id = ${value as number}::int`;
    case 'state':
      return sql<SqlBool>`d.state = ${String(value)}::text`;
    default:
      throw new Error(`Unchecked results filter field ${field}`);
  }
}

/** All the conditions of `q`, or nothing to filter by. */
export function filterSql(filter: ResultFilter): Expression<SqlBool> {
  if (!filter.length) return always;
  return sql<SqlBool>`(${sql.join(filter.map(conditionSql), sql` and `)})`;
}

/** What each sort key orders by; `perPersonCount` is the row's `filledFormsPerPersonCount`. */
export function sortSql(key: ResultSortKey, perPersonCount: RawBuilder<number>): RawBuilder<unknown> {
  switch (key) {
    case 'completedAt':
      return sql`d.completed_at`;
    case 'totalWeight':
      return sql`d.total_weight`;
    case 'filledBy':
      return sql`lower(${personName})`;
    case 'hospitalIdentifier':
      return sql`u.hospital_identifier`;
    case 'group.name':
      return sql`lower(g.name)`;
    case 'form.name':
      return sql`lower(f.name)`;
    case 'state':
      return sql`d.state`;
    case 'filledFormsPerPersonCount':
      return perPersonCount;
  }
}
