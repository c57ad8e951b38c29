import { sql, type RawBuilder } from 'kysely';
import type { PageRequest } from '@formularze/domain/schemas/paging';

/**
 * One page of a grid's patients, for a `page` CTE: the rows of the CTE `patients` (one a person,
 * aliased `p`) that pass `where`, with the person's name and contacts (`u`), the total beside each
 * row and the row's `position`. `columns` says what each sort key orders by (`p.` or `u.` columns);
 * every order ends with the person's id, so pages never overlap.
 */
export function patientsPageSql<K extends string>({
  patients,
  where,
  page,
  columns,
}: {
  patients: string;
  where: RawBuilder<unknown>;
  page: PageRequest<K>;
  columns: Record<K, string>;
}): RawBuilder<unknown> {
  const direction = sql.raw(page.sort.descending ? 'desc' : 'asc');
  const order = sql.raw(columns[page.sort.key]);
  return sql`
      select p.*, u.first_name, u.surname, u.email, u.phone,
        (count(*) over ())::int as total,
        row_number() over (order by ${order} ${direction} nulls last, p.user_id) as position
      from ${sql.table(patients)} p
      join users u on u.id = p.user_id
      where ${where}
      order by ${order} ${direction} nulls last, p.user_id
      limit ${page.pageSize} offset ${page.page * page.pageSize}`;
}
