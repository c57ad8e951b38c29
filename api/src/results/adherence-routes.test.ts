import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import { adherencePage, type AdherencePage, type SlotStatus } from '@formularze/domain/schemas/adherence';
import { createOrganization } from '../../test/helpers';
import { adherenceFixture, patientFigures } from '../../test/adherence-fixture';

const { db, app, hoursFromNow, insertForm, slot, clinic, patientHeaders } = await adherenceFixture();

/**
 * Each test's organization (the database is emptied before each test): Anna with a slot of every
 * kind, Bartek with one filled and one older than 90 days, Cezary with only an upcoming one.
 */
async function buildWorld() {
  const { organizationId, ids, owner } = await clinic(['anna', 'bartek', 'cezary']);

  const first = await insertForm(organizationId);
  const edition1 = { id: first.id, organizationId };
  const edition2 = { id: (await insertForm(organizationId, { bagId: first.bagId })).id, organizationId };
  const annaSlots = {
    onTime: await slot(edition1, ids.anna, [-100, -98], { completed: -99, score: 7 }),
    // Completed at the very end of its window: still on time.
    atTheEnd: await slot(edition1, ids.anna, [-76, -74], { completed: -74 }),
    late: await slot(edition1, ids.anna, [-52, -50], { completed: -49 }),
    // A removed filling does not count.
    missed: await slot(edition2, ids.anna, [-28, -26], { completed: -27, removed: true }),
    // Its window closes at this very moment: missed.
    endsNow: await slot(edition2, ids.anna, [-2, 0]),
    // Its window opens at this very moment: open.
    startsNow: await slot(edition2, ids.anna, [0, 2]),
    upcoming: await slot(edition2, ids.anna, [22, 24]),
  };
  // Beyond the upcoming days shown.
  await slot(edition2, ids.anna, [30 * 24, 30 * 24 + 2]);
  // Before the default 90 days.
  await slot(edition1, ids.bartek, [-200 * 24, -200 * 24 + 2]);
  await slot(edition1, ids.bartek, [-28, -26], { completed: -27 });
  await slot(edition2, ids.bartek, [22, 24]);
  await slot(edition2, ids.cezary, [22, 24]);
  return { organizationId, ids, owner, first, edition2: edition2.id, annaSlots };
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  world = await buildWorld();
});

async function adherence(formId: number, query = '', headers = world.owner) {
  return app.inject({ url: `/api/form_data/adherence/${formId}${query}`, headers });
}

async function page(query = ''): Promise<AdherencePage> {
  const response = await adherence(world.first.id, query);
  assert.equal(response.statusCode, 200, response.body);
  return adherencePage.parse(response.json());
}

const statuses = (result: AdherencePage, personId: number): SlotStatus[] =>
  result.content.find((row) => row.person.id === personId)!.slots.map((s) => s.status);

test("each slot's status at the edges of its window, with every edition of the form", async () => {
  const result = await page();
  assert.deepEqual(statuses(result, world.ids.anna), [
    'ON_TIME',
    'ON_TIME',
    'LATE',
    'MISSED',
    'MISSED',
    'OPEN',
    'UPCOMING',
  ]);
  const anna = result.content.find((row) => row.person.id === world.ids.anna)!;
  assert.deepEqual(anna.slots[0], {
    id: world.annaSlots.onTime.slotId,
    formId: world.first.id,
    bagId: world.first.bagId,
    startsAt: hoursFromNow(-100).toISOString(),
    endsAt: hoursFromNow(-98).toISOString(),
    status: 'ON_TIME',
    filledFormId: world.annaSlots.onTime.filledFormId,
    filledAt: hoursFromNow(-99).toISOString(),
    score: 7,
  });
  assert.equal(anna.slots[3]!.filledFormId, null, 'a removed filling is not shown');
  assert.deepEqual(
    [anna.slots[3]!.formId, anna.slots[3]!.bagId],
    [world.edition2, world.first.bagId],
    'a slot of the second edition names it, in the same bag',
  );
  assert.equal(anna.person.name, 'Anna Adamska');
});

test('adherence is the share of ended slots filled on time; the streak counts misses since the last filling', async () => {
  const result = await page();
  // Worst first; a patient with no ended slot yet last.
  assert.deepEqual(result.content.map(patientFigures), [
    { id: world.ids.anna, dueSlots: 5, onTimeSlots: 2, adherence: 40, missedStreak: 2 },
    { id: world.ids.bartek, dueSlots: 1, onTimeSlots: 1, adherence: 100, missedStreak: 0 },
    { id: world.ids.cezary, dueSlots: 0, onTimeSlots: 0, adherence: null, missedStreak: 0 },
  ]);
  assert.equal(result.totalElements, 3);
});

test('the period reaches back 30, 90 or 365 days, or to the first slot', async () => {
  const bartekIn = async (period: string) =>
    (await page(`?period=${period}`)).content.find((row) => row.person.id === world.ids.bartek)!;
  assert.equal((await bartekIn('90')).slots.length, 2);
  assert.equal((await bartekIn('365')).slots.length, 3);
  const all = await bartekIn('all');
  assert.deepEqual(
    { due: all.dueSlots, adherence: all.adherence, streak: all.missedStreak },
    { due: 2, adherence: 50, streak: 0 },
  );
});

test('sorted, filtered by misses in a row and paged', async () => {
  const ordered = async (query: string) => (await page(query)).content.map((row) => row.person.id);
  assert.deepEqual(await ordered('?sortBy=-missedStreak'), [
    world.ids.anna,
    world.ids.bartek,
    world.ids.cezary,
  ]);
  assert.deepEqual(await ordered('?sortBy=surname'), [world.ids.anna, world.ids.bartek, world.ids.cezary]);
  assert.deepEqual(await ordered('?sortBy=-surname'), [world.ids.cezary, world.ids.bartek, world.ids.anna]);
  assert.deepEqual(await ordered('?sortBy=-adherence'), [world.ids.bartek, world.ids.anna, world.ids.cezary]);

  const streaks = await page('?minMissedStreak=2');
  assert.deepEqual(
    streaks.content.map((row) => row.person.id),
    [world.ids.anna],
  );
  assert.equal(streaks.totalElements, 1);

  const second = await page('?pageSize=1&page=1');
  assert.deepEqual(
    { ids: second.content.map((row) => row.person.id), total: second.totalElements, page: second.page },
    { ids: [world.ids.bartek], total: 3, page: 1 },
  );
  const pastTheEnd = await page('?pageSize=2&page=5');
  assert.deepEqual(
    { content: pastTheEnd.content, total: pastTheEnd.totalElements },
    { content: [], total: 3 },
  );
});

test('bad parameters are a 400; a form never scheduled an empty grid; another organization’s form a 404', async () => {
  for (const query of ['?period=7', '?sortBy=name', '?minMissedStreak=-1', '?pageSize=0']) {
    const response = await adherence(world.first.id, query);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    apiError.parse(response.json());
  }

  const unscheduled = await insertForm(world.organizationId, { schedule: null });
  const empty = adherencePage.parse((await adherence(unscheduled.id)).json());
  assert.deepEqual({ content: empty.content, total: empty.totalElements }, { content: [], total: 0 });

  const foreign = await insertForm(await createOrganization(db, { name: 'Inna przychodnia' }));
  assert.equal((await adherence(foreign.id)).statusCode, 404);
  assert.equal((await adherence(2_000_000)).statusCode, 404);
});

test('a patient may not read the adherence of anyone', async () => {
  const anna = await patientHeaders('anna');
  assert.equal((await adherence(world.first.id, '', anna)).statusCode, 403);
  assert.equal((await adherence(world.first.id, '', {})).statusCode, 401);
});
