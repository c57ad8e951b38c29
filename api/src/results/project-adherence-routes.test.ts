import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import {
  projectAdherencePage,
  type ProjectAdherencePage,
  type SlotStatus,
} from '@formularze/domain/schemas/adherence';
import { PROJECT_NOT_FOUND_MESSAGE } from '@formularze/domain/schemas/projects';
import { createFormGroup } from '../../test/helpers';
import { adherenceFixture, patientFigures } from '../../test/adherence-fixture';

/**
 * `GET /api/form_data/project_adherence/{groupId}` (ADR 306): the adherence grid over every
 * scheduled form of a project. The server's clock stands still at the test's start, and every
 * slot and filling is placed relative to it, so each status is checked at the edges of its window.
 */

const { db, app, hoursFromNow, insertForm, slot, clinic, patientHeaders, unreachableProjects } =
  await adherenceFixture();
const SECOND = 1 / 3600;

/**
 * A project with two scheduled forms (the diary in two editions, the sleep survey), a form of it
 * never scheduled, a deleted one, and a form outside it. Anna has a slot of every kind across both
 * forms; Ewa has slots a second off each edge; Bartek one filled and two missed (one 200 days ago);
 * Cezary only an upcoming one.
 */
async function buildWorld() {
  const { organizationId, ids, owner, editor } = await clinic(['anna', 'bartek', 'cezary', 'ewa']);

  const groupId = await createFormGroup(db, { organizationId, name: 'Badanie bólu' });
  const diary = await insertForm(organizationId, { name: 'Dzienniczek bólu', groupId });
  const diary2 = await insertForm(organizationId, {
    name: 'Dzienniczek bólu (wersja 2)',
    groupId,
    bagId: diary.bagId,
  });
  const sleep = await insertForm(organizationId, { name: 'Ankieta snu', groupId });
  await insertForm(organizationId, { name: 'Nigdy nie zaplanowany', groupId });
  const deleted = await insertForm(organizationId, { name: 'Usunięty', groupId, status: 'DELETED' });
  const outside = await insertForm(organizationId, { name: 'Poza projektem' });

  const anna = {
    onTime: await slot(diary, ids.anna, [-100, -98], { completed: -99, score: 7 }),
    late: await slot(diary, ids.anna, [-76, -74], { completed: -73 }),
    // Completed at the very end of its window: still on time.
    atTheEnd: await slot(sleep, ids.anna, [-52, -50], { completed: -50 }),
    missed: await slot(sleep, ids.anna, [-28, -26]),
    // Its window closes at this very moment: missed.
    endsNow: await slot(diary2, ids.anna, [-2, 0]),
    // Its window opens at this very moment: open.
    startsNow: await slot(sleep, ids.anna, [0, 2]),
    upcoming: await slot(diary2, ids.anna, [22, 24]),
  };
  // Slots of a deleted form and of a form outside the project are not the project's.
  await slot(deleted, ids.anna, [-10, -8]);
  await slot(outside, ids.anna, [-10, -8]);

  // A second off each edge: completed a second late; open a second before its end; upcoming a
  // second before its start.
  await slot(diary, ids.ewa, [-5, -4], { completed: -4 + SECOND });
  await slot(sleep, ids.ewa, [-1, SECOND]);
  await slot(sleep, ids.ewa, [SECOND, 1]);

  await slot(sleep, ids.bartek, [-200 * 24, -200 * 24 + 2]);
  await slot(sleep, ids.bartek, [-52, -50]);
  await slot(diary2, ids.bartek, [-28, -26], { completed: -27 });
  await slot(sleep, ids.cezary, [22, 24]);
  return { organizationId, ids, owner, editor, groupId, diary, diary2, sleep, anna };
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  world = await buildWorld();
});

const adherence = (groupId: number | string, query = '', headers = world.owner) =>
  app.inject({ url: `/api/form_data/project_adherence/${groupId}${query}`, headers });

async function page(query = ''): Promise<ProjectAdherencePage> {
  const response = await adherence(world.groupId, query);
  assert.equal(response.statusCode, 200, response.body);
  return projectAdherencePage.parse(response.json());
}

const rowOf = (result: ProjectAdherencePage, personId: number) =>
  result.content.find((row) => row.person.id === personId)!;
const statuses = (result: ProjectAdherencePage, personId: number): SlotStatus[] =>
  rowOf(result, personId).slots.map((s) => s.status);

test("each slot's status at the edges of its window, over every scheduled form of the project", async () => {
  const result = await page();
  assert.deepEqual(statuses(result, world.ids.anna), [
    'ON_TIME',
    'LATE',
    'ON_TIME',
    'MISSED',
    'MISSED',
    'OPEN',
    'UPCOMING',
  ]);
  assert.deepEqual(statuses(result, world.ids.ewa), ['LATE', 'OPEN', 'UPCOMING']);

  const anna = rowOf(result, world.ids.anna);
  assert.deepEqual(anna.slots[0], {
    id: world.anna.onTime.slotId,
    formId: world.diary.id,
    bagId: world.diary.bagId,
    startsAt: hoursFromNow(-100).toISOString(),
    endsAt: hoursFromNow(-98).toISOString(),
    status: 'ON_TIME',
    filledFormId: world.anna.onTime.filledFormId,
    filledAt: hoursFromNow(-99).toISOString(),
    score: 7,
  });
  assert.deepEqual(
    anna.slots.map((s) => s.bagId),
    [world.diary, world.diary, world.sleep, world.sleep, world.diary, world.sleep, world.diary].map(
      (form) => form.bagId,
    ),
    'only the slots of the live forms of the project',
  );
  assert.equal(anna.slots[2]!.filledAt, hoursFromNow(-50).toISOString());
  assert.deepEqual(
    anna.slots.slice(3).map((s) => s.filledFormId),
    [null, null, null, null],
  );
  assert.equal(anna.person.name, 'Anna Adamska');

  // The columns: the project's scheduled forms by name, each named as its newest edition.
  assert.deepEqual(result.forms, [
    { bagId: world.sleep.bagId, formId: world.sleep.id, name: 'Ankieta snu' },
    { bagId: world.diary.bagId, formId: world.diary2.id, name: 'Dzienniczek bólu (wersja 2)' },
  ]);
});

test('adherence is the share of ended slots filled on time over all forms; the streak counts misses since the last filling', async () => {
  const result = await page();
  // Worst first; a patient with no ended slot yet last.
  assert.deepEqual(result.content.map(patientFigures), [
    { id: world.ids.ewa, dueSlots: 1, onTimeSlots: 0, adherence: 0, missedStreak: 0 },
    { id: world.ids.anna, dueSlots: 5, onTimeSlots: 2, adherence: 40, missedStreak: 2 },
    // The miss of the sleep survey came before the diary's filling: no streak.
    { id: world.ids.bartek, dueSlots: 2, onTimeSlots: 1, adherence: 50, missedStreak: 0 },
    { id: world.ids.cezary, dueSlots: 0, onTimeSlots: 0, adherence: null, missedStreak: 0 },
  ]);
  assert.equal(result.totalElements, 4);

  const all = rowOf(await page('?period=all'), world.ids.bartek);
  assert.deepEqual(
    { due: all.dueSlots, adherence: all.adherence, streak: all.missedStreak, slots: all.slots.length },
    { due: 3, adherence: 33, streak: 0, slots: 3 },
  );
  assert.equal(rowOf(await page('?period=30'), world.ids.bartek).slots.length, 2);
});

test('sorted, filtered by misses in a row and paged', async () => {
  const { anna, bartek, cezary, ewa } = world.ids;
  const ordered = async (query: string) => (await page(query)).content.map((row) => row.person.id);
  assert.deepEqual(await ordered('?sortBy=-missedStreak'), [anna, bartek, cezary, ewa]);
  assert.deepEqual(await ordered('?sortBy=missedStreak'), [bartek, cezary, ewa, anna]);
  assert.deepEqual(await ordered('?sortBy=surname'), [anna, bartek, cezary, ewa]);
  assert.deepEqual(await ordered('?sortBy=-surname'), [ewa, cezary, bartek, anna]);
  assert.deepEqual(await ordered('?sortBy=-adherence'), [bartek, anna, ewa, cezary]);

  const streaks = await page('?minMissedStreak=2');
  assert.deepEqual(
    { ids: streaks.content.map((row) => row.person.id), total: streaks.totalElements },
    { ids: [anna], total: 1 },
  );
  assert.equal(streaks.forms.length, 2, 'the columns do not depend on the page');
  assert.deepEqual((await page('?minMissedStreak=3')).content, []);

  const second = await page('?sortBy=surname&pageSize=2&page=1');
  assert.deepEqual(
    { ids: second.content.map((row) => row.person.id), total: second.totalElements, page: second.page },
    { ids: [cezary, ewa], total: 4, page: 1 },
  );
  assert.equal(second.pageSize, 2);
  const pastTheEnd = await page('?pageSize=2&page=5');
  assert.deepEqual(
    { content: pastTheEnd.content, total: pastTheEnd.totalElements },
    { content: [], total: 4 },
  );
});

test('bad parameters are a 400; a project never scheduled an empty grid; a project of another organization, removed or unknown a 404', async () => {
  for (const query of [
    '?period=7',
    '?sortBy=name',
    '?minMissedStreak=-1',
    '?minMissedStreak=x',
    '?pageSize=0',
  ]) {
    const response = await adherence(world.groupId, query);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    apiError.parse(response.json());
  }
  assert.equal((await adherence('abc')).statusCode, 400);

  const empty = await createFormGroup(db, { organizationId: world.organizationId, name: 'Pusty' });
  const none = projectAdherencePage.parse((await adherence(empty)).json());
  assert.deepEqual(
    { content: none.content, forms: none.forms, total: none.totalElements },
    { content: [], forms: [], total: 0 },
  );

  for (const groupId of await unreachableProjects(world.organizationId)) {
    const response = await adherence(groupId);
    assert.equal(response.statusCode, 404, response.body);
    const error = apiError.parse(response.json());
    assert.deepEqual([error.code, error.message], ['project-not-found', PROJECT_NOT_FOUND_MESSAGE]);
  }
});

test('staff who read results may read it; a patient may not', async () => {
  assert.equal((await adherence(world.groupId, '', world.editor)).statusCode, 200);
  const anna = await patientHeaders('anna');
  const refused = await adherence(world.groupId, '', anna);
  assert.equal(refused.statusCode, 403);
  assert.equal(apiError.parse(refused.json()).code, 'forbidden');
  assert.equal((await adherence(world.groupId, '', {})).statusCode, 401);
});
