import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import { PROJECT_NOT_FOUND_MESSAGE } from '@formularze/domain/schemas/projects';
import { projectScoreTrends, type ProjectScoreTrends } from '@formularze/domain/schemas/score-trends';
import { createFormGroup } from '../../test/helpers';
import { adherenceFixture, type FormRef } from '../../test/adherence-fixture';

/**
 * `GET /api/form_data/project_score_trends/{groupId}` (ADR 308): for a scored form of a project,
 * the distribution of its patients' latest scores and each patient's rise since the filling before.
 */

const {
  db,
  app,
  now: NOW,
  hoursFromNow,
  insertForm,
  clinic,
  patientHeaders,
  unreachableProjects,
} = await adherenceFixture();
const DAY = 24;

/** A completed filling of `form` by `userId`, `daysAgo` days ago, with its score. */
async function filled(
  form: FormRef,
  userId: number,
  daysAgo: number,
  score: number | null,
  { state = 'COMPLETED', removed = false }: { state?: 'COMPLETED' | 'SAVED'; removed?: boolean } = {},
) {
  const { id } = await db
    .insertInto('form_data')
    .values({
      organization_id: form.organizationId,
      form_id: form.id,
      user_id: userId,
      state,
      answers: '{}',
      total_weight: score,
      completed_at: state === 'COMPLETED' ? hoursFromNow(-daysAgo * DAY) : null,
      removed_at: removed ? NOW : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A project with the PHQ-9 in two editions and a sleep survey, both scored, a form of it never
 * filled, and a scored form outside it. On the PHQ-9, Anna rose 5 → 8 → 15 (a removed and a saved draft
 * filling after it do not count), Bartek fell 20 → 12, Cezary filled it once; Ewa filled only the
 * form outside the project.
 */
async function buildWorld() {
  const { organizationId, ids, owner, editor } = await clinic(['anna', 'bartek', 'cezary', 'ewa']);

  const groupId = await createFormGroup(db, { organizationId, name: 'Depresja' });
  const phq = await insertForm(organizationId, { name: 'PHQ-9', groupId, schedule: null });
  const phq2 = await insertForm(organizationId, {
    name: 'PHQ-9 (2)',
    groupId,
    bagId: phq.bagId,
    schedule: null,
  });
  const sleep = await insertForm(organizationId, { name: 'Ankieta snu', groupId, schedule: null });
  const neverFilled = await insertForm(organizationId, {
    name: 'Nigdy nie wypełniony',
    groupId,
    schedule: null,
  });
  const outside = await insertForm(organizationId, { name: 'Poza projektem', schedule: null });

  const anna = [await filled(phq, ids.anna, 30, 5), await filled(phq2, ids.anna, 20, 8)];
  anna.push(await filled(phq2, ids.anna, 1, 15));
  await filled(phq2, ids.anna, 0.5, 27, { removed: true });
  await filled(phq2, ids.anna, 0.2, null, { state: 'SAVED' });
  // Not scored: no point on the trend.
  await filled(phq2, ids.anna, 0.1, null);
  await filled(phq, ids.bartek, 10, 20);
  const bartekLatest = await filled(phq2, ids.bartek, 2, 12);
  await filled(phq2, ids.cezary, 3, 3);
  await filled(sleep, ids.bartek, 4, 1);
  await filled(outside, ids.ewa, 1, 9);
  return {
    organizationId,
    ids,
    owner,
    editor,
    groupId,
    phq,
    phq2,
    sleep,
    neverFilled,
    outside,
    anna,
    bartekLatest,
  };
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  world = await buildWorld();
});

const trends = (groupId: number | string, query = '', headers = world.owner) =>
  app.inject({ url: `/api/form_data/project_score_trends/${groupId}${query}`, headers });

async function trendsOf(query = ''): Promise<ProjectScoreTrends> {
  const response = await trends(world.groupId, query);
  assert.equal(response.statusCode, 200, response.body);
  return projectScoreTrends.parse(response.json());
}

const phqQuery = (query = '') => `?bagId=${world.phq.bagId}${query}`;

test("each patient's latest score, the one before it and the rise, with the latest fillings oldest first", async () => {
  const result = await trendsOf(phqQuery());
  assert.equal(result.bagId, world.phq.bagId);
  const [anna, bartek, cezary] = result.content;
  assert.deepEqual(anna, {
    person: { id: world.ids.anna, name: 'Anna Adamska' },
    latest: { filledFormId: world.anna[2], completedAt: hoursFromNow(-DAY).toISOString(), score: 15 },
    previous: 8,
    rise: 7,
    fillings: 3,
    points: [
      { filledFormId: world.anna[0], completedAt: hoursFromNow(-30 * DAY).toISOString(), score: 5 },
      { filledFormId: world.anna[1], completedAt: hoursFromNow(-20 * DAY).toISOString(), score: 8 },
      { filledFormId: world.anna[2], completedAt: hoursFromNow(-DAY).toISOString(), score: 15 },
    ],
  });
  assert.deepEqual(
    [bartek?.person.id, bartek?.latest.filledFormId, bartek?.previous, bartek?.rise],
    [world.ids.bartek, world.bartekLatest, 20, -8],
  );
  assert.deepEqual(
    [cezary?.person.id, cezary?.previous, cezary?.rise, cezary?.points.length],
    [world.ids.cezary, null, null, 1],
  );
  assert.equal(result.totalElements, 3);

  // The project's scored forms by name, each named as its newest edition; the sleep survey is first.
  assert.deepEqual(result.forms, [
    { bagId: world.sleep.bagId, formId: world.sleep.id, name: 'Ankieta snu' },
    { bagId: world.phq.bagId, formId: world.phq2.id, name: 'PHQ-9 (2)' },
  ]);
  const first = await trendsOf();
  assert.deepEqual(
    [first.bagId, first.content.map((row) => row.person.id)],
    [world.sleep.bagId, [world.ids.bartek]],
  );
});

test("the distribution counts every patient's latest score once, whatever the filter", async () => {
  const expected = [
    { from: 2, to: 4, patients: 1 },
    { from: 4, to: 6, patients: 0 },
    { from: 6, to: 8, patients: 0 },
    { from: 8, to: 10, patients: 0 },
    { from: 10, to: 12, patients: 0 },
    { from: 12, to: 14, patients: 1 },
    { from: 14, to: 16, patients: 1 },
  ];
  assert.deepEqual((await trendsOf(phqQuery())).distribution, expected);
  assert.deepEqual((await trendsOf(phqQuery('&minRise=5'))).distribution, expected);
});

test('filtered by a rise of more than the chosen amount, sorted and paged', async () => {
  const { anna, bartek, cezary } = world.ids;
  const ordered = async (query: string) =>
    (await trendsOf(phqQuery(query))).content.map((row) => row.person.id);
  assert.deepEqual(await ordered(''), [anna, bartek, cezary], 'largest rise first, a single filling last');
  assert.deepEqual(await ordered('&sortBy=rise'), [bartek, anna, cezary]);
  assert.deepEqual(await ordered('&sortBy=-latest'), [anna, bartek, cezary]);
  assert.deepEqual(await ordered('&sortBy=latest'), [cezary, bartek, anna]);
  assert.deepEqual(await ordered('&sortBy=-completedAt'), [anna, bartek, cezary]);
  assert.deepEqual(await ordered('&sortBy=-surname'), [cezary, bartek, anna]);

  assert.deepEqual(await ordered('&minRise=5'), [anna]);
  assert.deepEqual(await ordered('&minRise=7'), [], 'more than the amount, not as much');
  assert.deepEqual(await ordered('&minRise=-10'), [anna, bartek]);
  assert.deepEqual(await ordered('&minRise=6.5'), [anna]);

  const second = await trendsOf(phqQuery('&sortBy=surname&pageSize=2&page=1'));
  assert.deepEqual(
    {
      ids: second.content.map((row) => row.person.id),
      total: second.totalElements,
      pageSize: second.pageSize,
    },
    { ids: [cezary], total: 3, pageSize: 2 },
  );
  const pastTheEnd = await trendsOf(phqQuery('&pageSize=2&page=5'));
  assert.deepEqual(
    { content: pastTheEnd.content, total: pastTheEnd.totalElements },
    { content: [], total: 3 },
  );
});

test('a trend line draws at most the twelve latest fillings', async () => {
  // Fifteen more fillings, 40 to 26 days ago, each scoring its day.
  for (let day = 40; day > 25; day -= 1) await filled(world.phq, world.ids.cezary, day, day);
  const cezary = (await trendsOf(phqQuery())).content.find((row) => row.person.id === world.ids.cezary)!;
  assert.equal(cezary.fillings, 16);
  assert.equal(cezary.points.length, 12);
  assert.deepEqual(
    cezary.points.map((point) => point.score),
    [36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 3],
  );
  assert.equal(cezary.rise, 3 - 26);
});

test('a form of the project not filled yet is empty; a project without scores has no forms; other forms, projects of another organization, removed or unknown are a 404', async () => {
  const none = await trendsOf(`?bagId=${world.neverFilled.bagId}`);
  assert.deepEqual(
    { content: none.content, distribution: none.distribution, total: none.totalElements, bagId: none.bagId },
    { content: [], distribution: [], total: 0, bagId: world.neverFilled.bagId },
  );
  const empty = await createFormGroup(db, { organizationId: world.organizationId, name: 'Pusty' });
  const response = await trends(empty);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(projectScoreTrends.parse(response.json()), {
    content: [],
    totalElements: 0,
    page: 0,
    pageSize: 100,
    forms: [],
    bagId: null,
    distribution: [],
  });

  for (const bagId of [world.outside.bagId, 2_000_000]) {
    const refused = await trends(world.groupId, `?bagId=${bagId}`);
    assert.equal(refused.statusCode, 404, refused.body);
    assert.equal(apiError.parse(refused.json()).code, 'form-not-found');
  }

  for (const groupId of await unreachableProjects(world.organizationId)) {
    const refused = await trends(groupId);
    assert.equal(refused.statusCode, 404, refused.body);
    const error = apiError.parse(refused.json());
    assert.deepEqual([error.code, error.message], ['project-not-found', PROJECT_NOT_FOUND_MESSAGE]);
  }
});

test('bad parameters are a 400; staff who read results may read it, a patient may not', async () => {
  for (const query of ['?sortBy=name', '?minRise=x', '?bagId=0', '?bagId=-3', '?pageSize=0']) {
    const response = await trends(world.groupId, query);
    assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
    apiError.parse(response.json());
  }
  assert.equal((await trends('abc')).statusCode, 400);
  assert.equal((await trends(world.groupId, '', world.editor)).statusCode, 200);
  const anna = await patientHeaders('anna');
  const refused = await trends(world.groupId, '', anna);
  assert.equal(refused.statusCode, 403);
  assert.equal(apiError.parse(refused.json()).code, 'forbidden');
  assert.equal((await trends(world.groupId, '', {})).statusCode, 401);
});
