import type { JoinBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Joins the project `g` of the form `f`, unless the project was removed: a form of a removed project
 * is a form without one.
 */
export const liveProjectOfForm = <DB extends { f: Database['forms']; g: Database['form_groups'] }>(
  join: JoinBuilder<DB, 'f' | 'g'>,
) => join.onRef('g.id', '=', 'f.group_id').on('g.removed_at', 'is', null);

/** The columns of the project joined by liveProjectOfForm that projectOfRow reads. */
export const PROJECT_COLUMNS = ['g.id as group_id', 'g.name as group_name'] as const;

/** The project of a row read with PROJECT_COLUMNS: null when its form has no live project. */
export const projectOfRow = (row: { group_id: number | null; group_name: string | null }) =>
  row.group_id === null ? null : { id: row.group_id, name: row.group_name! };
