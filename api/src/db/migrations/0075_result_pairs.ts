import { sql, type Kysely } from 'kysely';

/**
 * Each person's latest filling of each form edition, kept by triggers on form_data (ADR 427): the
 * /results table without a filter reads one row a pair instead of ranking every filling of the
 * organization at every page. A filling counts while it is sent or missed (not a draft) and not
 * removed; a pair's latest is its newest counted filling by `coalesce(completed_at, created_at)`,
 * then id, as `form_data_results_latest_idx` orders them.
 *
 * - A counted filling that appears (inserted, or a draft sent) is added in place: the pair's row is
 *   upserted, so two saves of one pair at once queue on it and both count.
 * - Anything else that changes a counted filling (removed, deleted, moved, its dates changed) counts
 *   the pair again from its fillings, after locking the pair's row, so that a save that held the
 *   lock is seen by the count that follows it.
 * - No foreign keys: the rows go with their fillings, whatever deletes those (a person, a form, an
 *   organization), through the delete trigger.
 * - The triggers run as the writer, so the rows are under the same row-level policy as the fillings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_pairs')
    .addColumn('organization_id', 'integer', (column) => column.notNull())
    .addColumn('form_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('latest_id', 'integer', (column) => column.notNull())
    .addColumn('latest_filled_at', 'timestamptz', (column) => column.notNull())
    .addColumn('sent_count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('result_pairs_pkey', ['form_id', 'user_id'])
    .execute();
  // The organization's pairs for the owner's table, one person's for theirs.
  await db.schema
    .createIndex('result_pairs_organization_user_idx')
    .on('result_pairs')
    .columns(['organization_id', 'user_id'])
    .execute();

  const organization = sql`(select formularze_scope_organization(current_user))`;
  const system = sql`(select formularze_scope(current_user)) = 'system'`;
  await sql`alter table result_pairs enable row level security`.execute(db);
  await sql`alter table result_pairs force row level security`.execute(db);
  await sql`
    create policy tenant_isolation on result_pairs using (organization_id = ${organization} or ${system})
  `.execute(db);

  await sql`
    do $$ begin
      execute format($f$
        create function formularze_result_pair_add(filling form_data) returns void
        language sql set search_path = %1$I, pg_temp as $body$
          insert into result_pairs as pair
            (organization_id, form_id, user_id, latest_id, latest_filled_at, sent_count)
          values (
            filling.organization_id, filling.form_id, filling.user_id, filling.id,
            coalesce(filling.completed_at, filling.created_at), (filling.state = 'COMPLETED')::int
          )
          on conflict (form_id, user_id) do update set
            latest_id = case when (excluded.latest_filled_at, excluded.latest_id) > (pair.latest_filled_at, pair.latest_id)
              then excluded.latest_id else pair.latest_id end,
            latest_filled_at = greatest(excluded.latest_filled_at, pair.latest_filled_at),
            sent_count = pair.sent_count + excluded.sent_count
        $body$
      $f$, current_schema());

      execute format($f$
        create function formularze_result_pair_count(pair_organization integer, pair_form integer, pair_user integer)
        returns void language plpgsql set search_path = %1$I, pg_temp as $body$
        declare
          newest record;
        begin
          loop
            perform 1 from result_pairs where form_id = pair_form and user_id = pair_user for update;
            -- Each statement below reads what was committed when it started: after the lock, that
            -- includes the saves that held it.
            select id, coalesce(completed_at, created_at) as filled_at,
              (select count(*) from form_data sent
               where sent.form_id = pair_form and sent.user_id = pair_user
                 and sent.removed_at is null and sent.state = 'COMPLETED')::int as sent_count
            into newest from form_data
            where organization_id = pair_organization and form_id = pair_form and user_id = pair_user
              and removed_at is null and state <> 'SAVED'
            order by coalesce(completed_at, created_at) desc, id desc
            limit 1;
            if not found then
              delete from result_pairs where form_id = pair_form and user_id = pair_user;
              return;
            end if;
            update result_pairs
              set latest_id = newest.id, latest_filled_at = newest.filled_at, sent_count = newest.sent_count
              where form_id = pair_form and user_id = pair_user;
            if found then return; end if;
            -- No row to lock: the pair's first. A save that made it meanwhile sends us round again.
            insert into result_pairs values
              (pair_organization, pair_form, pair_user, newest.id, newest.filled_at, newest.sent_count)
              on conflict (form_id, user_id) do nothing;
            if found then return; end if;
          end loop;
        end $body$
      $f$, current_schema());
    end $$
  `.execute(db);

  // The triggers' functions, in the schema of the tables they write, whatever the writer's search_path.
  await sql`
    do $$ begin
      execute format($f$
        create function formularze_result_pairs_on_insert() returns trigger
        language plpgsql set search_path = %1$I, pg_temp as $body$
        begin
          perform formularze_result_pair_add(new);
          return null;
        end $body$
      $f$, current_schema());

      execute format($f$
        create function formularze_result_pairs_on_update() returns trigger
        language plpgsql set search_path = %1$I, pg_temp as $body$
        begin
          if old.removed_at is null and old.state <> 'SAVED' then
            perform formularze_result_pair_count(old.organization_id, old.form_id, old.user_id);
            if (new.form_id, new.user_id) is distinct from (old.form_id, old.user_id) then
              perform formularze_result_pair_count(new.organization_id, new.form_id, new.user_id);
            end if;
          elsif new.removed_at is null and new.state <> 'SAVED' then
            perform formularze_result_pair_add(new);
          end if;
          return null;
        end $body$
      $f$, current_schema());

      -- Once per pair, not once per filling: deleting a person or a form takes all of their fillings.
      execute format($f$
        create function formularze_result_pairs_on_delete() returns trigger
        language plpgsql set search_path = %1$I, pg_temp as $body$
        begin
          perform formularze_result_pair_count(organization_id, form_id, user_id)
          from (select distinct organization_id, form_id, user_id from removed
                where removed_at is null and state <> 'SAVED') pair;
          return null;
        end $body$
      $f$, current_schema());
    end $$
  `.execute(db);
  await sql`
    create trigger result_pairs_on_insert after insert on form_data for each row
    when (new.removed_at is null and new.state <> 'SAVED')
    execute function formularze_result_pairs_on_insert()
  `.execute(db);
  await sql`
    create trigger result_pairs_on_update after update on form_data for each row
    when ((old.state, old.removed_at, old.completed_at, old.created_at, old.form_id, old.user_id, old.organization_id)
      is distinct from (new.state, new.removed_at, new.completed_at, new.created_at, new.form_id, new.user_id, new.organization_id))
    execute function formularze_result_pairs_on_update()
  `.execute(db);
  await sql`
    create trigger result_pairs_on_delete after delete on form_data referencing old table as removed
    for each statement execute function formularze_result_pairs_on_delete()
  `.execute(db);

  await sql`
    insert into result_pairs
    select distinct on (form_id, user_id) organization_id, form_id, user_id, id,
      coalesce(completed_at, created_at),
      (count(*) filter (where state = 'COMPLETED') over (partition by form_id, user_id))::int
    from form_data where removed_at is null and state <> 'SAVED'
    order by form_id, user_id, coalesce(completed_at, created_at) desc, id desc
  `.execute(db);
}
