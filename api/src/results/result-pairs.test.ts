import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { FilledFormState } from '@formularze/domain/schemas/filled-data';
import { sql } from 'kysely';
import type { ResultPairsTable } from '../db/schema';
import { insertFilling } from '../../test/form-data-rows';
import { painForm } from '../../test/form-fixtures';
import { activeFormSelectedFor, projectTeam, setupDatabaseAndApp } from '../../test/helpers';

/**
 * The pairs form_data's triggers keep for the /results table (migration 0075) are, after any
 * sequence of writes, what ranking every filling would give: each person's latest sent or missed
 * filling of each form edition, and how many they sent.
 */

const { db, app } = await setupDatabaseAndApp();

async function team(name: string) {
  const { organizationId, ids, groupId, owner } = await projectTeam(app, db, name, ['anna', 'bartek']);
  const people = [ids.anna, ids.bartek];
  const form = (formName: string) =>
    activeFormSelectedFor(app, db, owner, painForm(formName), { groupId, selected: people });
  return { organizationId, people, forms: [await form('Ból'), await form('Sen')] };
}

/** The pairs as ranking every counted filling gives them. */
async function rankedPairs() {
  const { rows } = await sql<ResultPairsTable>`
    select distinct on (form_id, user_id) organization_id, form_id, user_id, id as latest_id,
      coalesce(completed_at, created_at) as latest_filled_at,
      (count(*) filter (where state = 'COMPLETED') over (partition by form_id, user_id))::int as sent_count
    from form_data where removed_at is null and state <> 'SAVED'
    order by form_id, user_id, coalesce(completed_at, created_at) desc, id desc
  `.execute(db);
  return rows;
}

const keptPairs = () =>
  db.selectFrom('result_pairs').selectAll().orderBy('form_id').orderBy('user_id').execute() as Promise<
    ResultPairsTable[]
  >;

const minuteOf = (minute: number) => new Date(Date.UTC(2026, 5, 1, 8, minute)).toISOString();

type Write =
  | { kind: 'insert'; form: number; person: number; state: FilledFormState; minute: number }
  | { kind: 'send' | 'remove' | 'delete'; pick: number; minute: number }
  | { kind: 'redate'; pick: number; minute: number }
  | { kind: 'move'; pick: number; person: number }
  | { kind: 'deletePerson'; person: number };

const minute = fc.integer({ min: 0, max: 5 });
const pick = fc.nat();
const index = fc.integer({ min: 0, max: 1 });
const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      form: index,
      person: index,
      state: fc.constantFrom<FilledFormState>('COMPLETED', 'MISSED', 'SAVED'),
      minute,
    }),
    weight: 5,
  },
  fc.record({ kind: fc.constantFrom('send' as const, 'remove' as const, 'delete' as const), pick, minute }),
  fc.record({ kind: fc.constant('redate' as const), pick, minute }),
  fc.record({ kind: fc.constant('move' as const), pick, person: index }),
  fc.record({ kind: fc.constant('deletePerson' as const), person: index }),
);

test('after any writes the kept pairs are the ranked ones: inserts, sent drafts, removals, deletions, moves, new dates', async () => {
  const { organizationId, people, forms } = await team('Alfa');
  await fc.assert(
    fc.asyncProperty(fc.array(writeArbitrary, { maxLength: 25 }), async (writes) => {
      await db.deleteFrom('form_data').execute();
      assert.deepEqual(await keptPairs(), []);
      for (const write of writes) {
        const ids = (await db.selectFrom('form_data').select('id').orderBy('id').execute()).map(
          (row) => row.id,
        );
        const picked = ids.length > 0 && 'pick' in write ? ids[write.pick % ids.length]! : undefined;
        switch (write.kind) {
          case 'insert':
            await insertFilling(db, {
              organizationId,
              formId: forms[write.form]!,
              userId: people[write.person]!,
              state: write.state,
              at: minuteOf(write.minute),
            });
            break;
          case 'send':
            if (picked === undefined) break;
            await db
              .updateTable('form_data')
              .set({ state: 'COMPLETED', completed_at: new Date(minuteOf(write.minute)) })
              .where('id', '=', picked)
              .where('state', '=', 'SAVED')
              .execute();
            break;
          case 'remove':
            if (picked === undefined) break;
            await db
              .updateTable('form_data')
              .set({ removed_at: new Date() })
              .where('id', '=', picked)
              .execute();
            break;
          case 'delete':
            if (picked === undefined) break;
            await db.deleteFrom('form_data').where('id', '=', picked).execute();
            break;
          case 'redate':
            if (picked === undefined) break;
            await db
              .updateTable('form_data')
              .set({ completed_at: new Date(minuteOf(write.minute)) })
              .where('id', '=', picked)
              .where('state', '=', 'COMPLETED')
              .execute();
            break;
          case 'move':
            if (picked === undefined) break;
            await db
              .updateTable('form_data')
              .set({ user_id: people[write.person]! })
              .where('id', '=', picked)
              .execute();
            break;
          case 'deletePerson':
            await db.deleteFrom('form_data').where('user_id', '=', people[write.person]!).execute();
            break;
        }
      }
      assert.deepEqual(await keptPairs(), await rankedPairs());
    }),
    { numRuns: 40 },
  );
});

test('deleting a person takes their pairs with their fillings', async () => {
  const { organizationId, people, forms } = await team('Beta');
  const [anna, bartek] = people as [number, number];
  for (const userId of people) {
    await insertFilling(db, { organizationId, formId: forms[0]!, userId, at: minuteOf(1) });
  }
  await db.deleteFrom('users').where('id', '=', anna).execute();
  assert.deepEqual(
    (await keptPairs()).map((pair) => pair.user_id),
    [bartek],
  );
  assert.deepEqual(await keptPairs(), await rankedPairs());
});

test('a save and a removal of one pair at once both count, whichever commits first', async () => {
  const { organizationId, people, forms } = await team('Gamma');
  const filling = { organizationId, formId: forms[0]!, userId: people[0]! };
  const kept = await insertFilling(db, { ...filling, at: minuteOf(1) });
  const removed = await insertFilling(db, { ...filling, at: minuteOf(2) });
  // The save holds the pair's row until it commits; the removal, started meanwhile on another
  // connection (PostgreSQL) or after it (PGlite's one), counts the pair with the save in it.
  const saving = db.transaction().execute(async (trx) => {
    const id = await insertFilling(trx, { ...filling, at: minuteOf(0) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    return id;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const removing = db
    .updateTable('form_data')
    .set({ removed_at: new Date() })
    .where('id', '=', removed)
    .execute();
  const [saved] = await Promise.all([saving, removing]);
  assert.deepEqual(
    (await keptPairs()).map((pair) => [pair.latest_id, pair.sent_count]),
    [[kept, 2]],
  );
  assert.ok(saved > removed);
  assert.deepEqual(await keptPairs(), await rankedPairs());
});
