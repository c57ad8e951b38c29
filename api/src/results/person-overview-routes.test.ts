import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { personFormsOverview } from '@formularze/domain/schemas/person-overview';
import { insertFilling } from '../../test/form-data-rows';
import { activeFormSelectedFor, projectTeam, setupDatabaseAndApp } from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

const formPayload = (name: string): FormPayload => ({
  name,
  layoutElementObject: {
    type: 'FORM',
    children: [
      { type: 'ROW', children: [{ id: 'pain', type: 'NUMBER', label: 'Ból', numberType: 'INTEGER' }] },
    ],
  },
});

async function organization(name: string) {
  const { organizationId, ids, groupId, owner, editor, anna } = await projectTeam(app, db, name, ['anna']);

  const form = (formName: string, { selected = [] as number[], inProject = true } = {}) =>
    activeFormSelectedFor(app, db, owner, formPayload(formName), {
      groupId: inProject ? groupId : null,
      selected,
    });

  const filling = (
    formId: number,
    userId: number,
    at: string,
    state: 'COMPLETED' | 'MISSED' | 'SAVED' = 'COMPLETED',
  ) => insertFilling(db, { organizationId, formId, userId, at, state });
  return { organizationId, groupId, ids, owner, editor, anna, form, filling };
}

const overview = (headers: Record<string, string>, personId: number) =>
  app.inject({ method: 'GET', url: `/api/form_data/person_overview/${personId}`, headers });

test("a person's overview lists the forms they may fill or have sent, with their sent count", async () => {
  const { ids, owner, groupId, form, filling } = await organization('Alfa');
  const pain = await form('Ankieta bólu', { selected: [ids.anna] });
  const sleep = await form('Sen', { selected: [ids.anna], inProject: false });
  const other = await form('Cudzy formularz');
  await filling(pain, ids.anna, '2026-06-01T08:00:00Z');
  await filling(pain, ids.anna, '2026-06-03T08:00:00Z');
  // Neither a missed slot nor a draft counts as an answer.
  await filling(pain, ids.anna, '2026-06-04T08:00:00Z', 'MISSED');
  await filling(sleep, ids.anna, '2026-06-04T08:00:00Z', 'SAVED');

  const response = await overview(owner, ids.anna);
  assert.equal(response.statusCode, 200, response.body);
  const body = personFormsOverview.parse(response.json());
  assert.deepEqual(body.person, { id: ids.anna, name: 'Anna Adamska' });
  assert.deepEqual(
    body.forms.map((entry) => [
      entry.form.id,
      entry.form.name,
      entry.group?.id ?? null,
      entry.answerCount,
      entry.lastCompletedAt,
    ]),
    [
      [pain, 'Ankieta bólu', groupId, 2, '2026-06-03T08:00:00.000Z'],
      [sleep, 'Sen', null, 0, null],
    ],
  );
  assert.ok(!body.forms.some((entry) => entry.form.id === other));
});

test('a form the person sent stays listed after their access ends', async () => {
  const { ids, editor, form, filling } = await organization('Beta');
  const ended = await form('Ankieta');
  await filling(ended, ids.anna, '2026-06-01T08:00:00Z');

  const response = await overview(editor, ids.anna);
  assert.equal(response.statusCode, 200, response.body);
  const body = personFormsOverview.parse(response.json());
  assert.deepEqual(
    body.forms.map((entry) => [entry.form.id, entry.answerCount]),
    [[ended, 1]],
  );
});

test('patients may not open overviews, and people of other organizations are not found', async () => {
  const alfa = await organization('Gamma');
  const beta = await organization('Delta');
  const refused = await overview(alfa.anna, alfa.ids.anna);
  assert.equal(refused.statusCode, 403, refused.body);

  const foreign = await overview(alfa.owner, beta.ids.anna);
  assert.equal(foreign.statusCode, 404, foreign.body);
  assert.equal(apiError.parse(foreign.json()).code, 'person-not-found');
});
