import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Bundle, Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';
import { validateFhir } from '@formularze/domain/fhir/schema';
import {
  FHIR_IMPORT_PATH,
  fhirQuestionnaireExport,
  fhirQuestionnaireImport,
  fhirQuestionnairePath,
  fhirResponsesBundlePath,
  type FhirQuestionnaireImport,
} from '@formularze/domain/schemas/fhir';
import { formLayout, templateFields } from '@formularze/domain/schemas/form-template';
import {
  createFormGroup,
  createUser,
  organizationWithSignedInRoles,
  signInFromNewAddress,
} from '../../test/helpers';
import { expectApiError, formDetailsAs, setupClockedApi, type Headers } from '../../test/requests';

/**
 * FHIR R4 (ADR 416): PHQ-9 and GAD-7, written as the published Questionnaires, imported into draft
 * forms with their weights; a form exported and imported back; filled forms exported as
 * QuestionnaireResponses and as a results filter's Bundle, pseudonymised unless personal data is
 * asked for, every read recorded; nothing of another organization reachable.
 */

const NOW = new Date('2026-06-10T10:00:00Z');
const { db, app, call } = await setupClockedApi(() => NOW);

const fixture = (name: string): Questionnaire =>
  JSON.parse(readFileSync(new URL(`../../test/fhir/${name}.questionnaire.json`, import.meta.url), 'utf8'));
const PHQ_9 = fixture('phq-9');
const GAD_7 = fixture('gad-7');
const SCORES = { 'Not at all': 0, 'Several days': 1, 'More than half the days': 2, 'Nearly every day': 3 };

async function importQuestionnaire(
  headers: Headers,
  questionnaire: unknown,
): Promise<FhirQuestionnaireImport> {
  const response = await call('POST', FHIR_IMPORT_PATH, headers, questionnaire);
  assert.equal(response.statusCode, 201, response.body);
  return fhirQuestionnaireImport.parse(response.json());
}

const openInEditor = (headers: Headers, formId: number) => formDetailsAs(app, formId, headers);

async function exportQuestionnaire(headers: Headers, formId: number, edition?: number) {
  const response = await call('GET', fhirQuestionnairePath(formId, edition), headers);
  assert.equal(response.statusCode, 200, response.body);
  const body = fhirQuestionnaireExport.parse(response.json());
  assert.deepEqual(validateFhir(body.questionnaire), []);
  return { questionnaire: body.questionnaire as unknown as Questionnaire, issues: body.issues };
}

/** Two organizations (emptied before each test), Jan a patient of Alfa, and PHQ-9 imported by Alfa's owner. */
async function world() {
  const a = await organizationWithSignedInRoles(app, db, 'Alfa');
  const b = await organizationWithSignedInRoles(app, db, 'Beta');
  const patientId = await createUser(db, {
    email: 'jan@alfa.test',
    authorities: 'ROLE_USER',
    organizationId: a.organizationId,
    firstName: 'Jan',
    surname: 'Kowalski',
  });
  const jan = await signInFromNewAddress(app, { username: 'jan@alfa.test' });
  const phq9 = await importQuestionnaire(a.owner, PHQ_9);
  return { a, b, patientId, jan, phq9 };
}

type World = Awaited<ReturnType<typeof world>>;

/** PHQ-9 activated, assigned to Jan and filled by him: the filled form's id and its expected total. */
async function fillPhq9({ a, patientId, jan, phq9 }: World) {
  const form = await openInEditor(a.owner, phq9.form.id);
  const fields = templateFields(form.layoutElementObject).map(({ field }) => field);
  const assigned = await call('PUT', `/api/forms/${phq9.form.id}/allowed_users`, a.owner, [
    { userId: patientId, selected: true, validSince: '2026-06-10' },
  ]);
  assert.equal(assigned.statusCode, 200, assigned.body);
  const groupId = await createFormGroup(db, { organizationId: a.organizationId });
  await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', phq9.form.id).execute();
  const activated = await call('PUT', `/api/forms/${phq9.form.id}/activate`, a.owner);
  assert.equal(activated.statusCode, 204, activated.body);
  const chosen = [
    'Several days',
    'Nearly every day',
    'Not at all',
    'More than half the days',
    'Several days',
  ];
  const data = Object.fromEntries(
    fields.slice(0, 9).map((field, index) => [field.id, chosen[index % chosen.length]!]),
  );
  const saved = await call('POST', '/api/form_data/', jan, { formId: phq9.form.id, data });
  assert.equal(saved.statusCode, 201, saved.body);
  const expected = Object.values(data).reduce(
    (sum, answer) => sum + SCORES[answer as keyof typeof SCORES],
    0,
  );
  return { filledId: saved.json<{ id: number }>().id, expected };
}

test('PHQ-9 imports into a draft with its nine scored questions, and its answers score as published', async () => {
  const setting = await world();
  const { a, phq9 } = setting;
  assert.equal(phq9.name, 'PHQ-9 quick depression assessment panel');
  assert.deepEqual(
    phq9.mapped.map((item) => item.fieldType),
    [...Array(10).fill('DICTIONARY'), null],
  );
  // The computed total is the form's own score; the LOINC codes are not kept: both reported.
  const reported = phq9.issues.map((issue) => `${issue.severity} ${issue.expression.join()}`);
  assert.ok(reported.includes('information /44261-6'), reported.join('\n'));
  assert.ok(reported.includes('information Questionnaire'), reported.join('\n'));

  const form = await openInEditor(a.owner, phq9.form.id);
  assert.equal(form.status, 'DRAFT');
  assert.ok(formLayout.safeParse(form.layoutElementObject).success);
  const fields = templateFields(form.layoutElementObject).map(({ field }) => field);
  assert.equal(fields.length, 10);
  for (const field of fields.slice(0, 9)) {
    assert.equal(field.type, 'DICTIONARY');
    assert.equal(field.required, true);
    assert.deepEqual(
      field.dictionary?.dictionaryValues.map((value) => [value.stringValue, value.weight]),
      Object.entries(SCORES),
    );
  }
  assert.equal(fields[0]!.label, 'Little interest or pleasure in doing things');
  assert.deepEqual(
    fields[9]!.dictionary?.dictionaryValues.map((value) => value.weight),
    [undefined, undefined, undefined, undefined],
  );

  // Filled by a patient: the total is the published sum of the item scores.
  const { filledId, expected } = await fillPhq9(setting);
  const read = await call('GET', `/api/form_data/${filledId}`, a.owner);
  assert.equal(read.json<{ totalWeight: number }>().totalWeight, expected);
});

test('GAD-7 imports with the scores given on its codings', async () => {
  const { a } = await world();
  const gad7 = await importQuestionnaire(a.editor, GAD_7);
  const form = await openInEditor(a.editor, gad7.form.id);
  const fields = templateFields(form.layoutElementObject).map(({ field }) => field);
  assert.equal(fields.length, 7);
  assert.equal(fields[1]!.label, 'Not being able to stop or control worrying');
  for (const field of fields) {
    assert.deepEqual(
      field.dictionary?.dictionaryValues.map((value) => value.weight),
      [0, 1, 2, 3],
    );
  }
});

test('an exported form is a valid Questionnaire that imports back into the same fields', async () => {
  const { a, phq9 } = await world();
  const exported = await exportQuestionnaire(a.owner, phq9.form.id);
  assert.equal(exported.questionnaire.title, 'PHQ-9 quick depression assessment panel');
  assert.equal(exported.questionnaire.status, 'draft');
  assert.equal(exported.questionnaire.item?.length, 10);
  assert.deepEqual(exported.questionnaire.item?.[0]?.answerOption?.[3]?.extension, [
    { url: 'http://hl7.org/fhir/StructureDefinition/ordinalValue', valueDecimal: 3 },
    { url: 'http://hl7.org/fhir/StructureDefinition/itemWeight', valueDecimal: 3 },
  ]);
  assert.deepEqual(exported.issues, []);
  const again = await importQuestionnaire(a.owner, exported.questionnaire);
  assert.deepEqual(again.issues, []);
  const original = await openInEditor(a.owner, phq9.form.id);
  const copy = await openInEditor(a.owner, again.form.id);
  assert.deepEqual(copy.layoutElementObject, original.layoutElementObject);
  // A form rule has no FHIR counterpart: listed, not dropped in silence.
  const withRule = await call('PUT', `/api/forms/${again.form.id}`, a.owner, {
    name: copy.name,
    layoutElementObject: copy.layoutElementObject,
    formRules: [{ operator: 'GREATER_THAN', arg1: 9, text: 'Depresja umiarkowana' }],
  });
  assert.equal(withRule.statusCode, 200, withRule.body);
  const ruled = await exportQuestionnaire(a.owner, again.form.id);
  assert.deepEqual(
    ruled.issues.map((issue) => [issue.severity, issue.expression]),
    [['warning', ['Questionnaire']]],
  );
  // An edition asked for by number.
  const byEdition = await exportQuestionnaire(a.owner, again.form.id, copy.edition);
  assert.equal(byEdition.questionnaire.version, String(copy.edition));
});

test('the import refuses what is not a valid FHIR R4 Questionnaire, and needs the right to create forms', async () => {
  const { a, phq9 } = await world();
  expectApiError(
    await call('POST', FHIR_IMPORT_PATH, a.owner, { resourceType: 'Patient' }),
    400,
    'validation',
  );
  const invalid = expectApiError(
    await call('POST', FHIR_IMPORT_PATH, a.owner, { ...PHQ_9, status: 'bogus' }),
    400,
    'validation',
  );
  assert.ok(invalid.fields?.['/status'], JSON.stringify(invalid));
  expectApiError(await call('POST', FHIR_IMPORT_PATH, a.patient, PHQ_9), 403, 'forbidden');
  expectApiError(await call('GET', fhirQuestionnairePath(phq9.form.id), a.patient), 403, 'forbidden');
});

test('filled forms export as valid QuestionnaireResponses, pseudonymised unless personal data is asked for', async () => {
  const setting = await world();
  const { a, jan, patientId, phq9 } = setting;
  const filled = { id: (await fillPhq9(setting)).filledId };
  const response = await call('GET', `/api/fhir/QuestionnaireResponse/${filled.id}`, a.owner);
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^application\/fhir\+json/);
  const resource = response.json<QuestionnaireResponse>();
  assert.deepEqual(validateFhir(resource), []);
  assert.equal(resource.status, 'completed');
  assert.equal(resource.questionnaire, `Questionnaire/${phq9.form.id}|1`);
  assert.deepEqual(resource.subject, {
    identifier: { system: 'https://formularze.pl/fhir/person-id', value: String(patientId) },
  });
  assert.ok(!response.body.includes('Kowalski'));
  assert.equal(resource.item?.length, 9);
  assert.deepEqual(resource.item?.[1]?.answer, [{ valueString: 'Nearly every day' }]);

  const named = await call(
    'GET',
    `/api/fhir/QuestionnaireResponse/${filled.id}?includePersonalData=true`,
    a.owner,
  );
  assert.equal(named.json<QuestionnaireResponse>().subject?.display, 'Jan Kowalski');

  const bundleResponse = await call(
    'GET',
    fhirResponsesBundlePath(phq9.form.id, { includePersonalData: false, includeMissingData: true }),
    a.owner,
  );
  assert.equal(bundleResponse.statusCode, 200, bundleResponse.body);
  const bundle = bundleResponse.json<Bundle<QuestionnaireResponse>>();
  assert.deepEqual(validateFhir(bundle), []);
  assert.equal(bundle.type, 'searchset');
  assert.equal(bundle.total, 1);
  assert.equal(bundle.entry?.[0]?.resource?.id, String(filled.id));
  assert.ok(!bundleResponse.body.includes('Kowalski'));

  // The patient reads their own, without the points staff see.
  const own = await call('GET', `/api/fhir/QuestionnaireResponse/${filled.id}`, jan);
  assert.equal(own.statusCode, 200, own.body);
  assert.equal(own.json<QuestionnaireResponse>().extension, undefined);

  const trail = await db
    .selectFrom('access_audit')
    .select(['operation', 'patient_ids', 'resource_type', 'row_count'])
    .where('operation', '=', 'results.fhir')
    .orderBy('id')
    .execute();
  assert.deepEqual(trail, [
    { operation: 'results.fhir', patient_ids: [patientId], resource_type: 'form_data', row_count: 1 },
    { operation: 'results.fhir', patient_ids: [patientId], resource_type: 'form_data', row_count: 1 },
    { operation: 'results.fhir', patient_ids: [patientId], resource_type: 'form', row_count: 1 },
  ]);
});

test("another organization's forms and answers are not found", async () => {
  const setting = await world();
  const { b, phq9 } = setting;
  const filled = [{ id: (await fillPhq9(setting)).filledId }];
  expectApiError(await call('GET', fhirQuestionnairePath(phq9.form.id), b.owner), 404, 'form-not-found');
  const response = await call('GET', `/api/fhir/QuestionnaireResponse/${filled[0]!.id}`, b.owner);
  assert.equal(response.statusCode, 404, response.body);
  expectApiError(
    await call(
      'GET',
      fhirResponsesBundlePath(phq9.form.id, { includePersonalData: true, includeMissingData: false }),
      b.owner,
    ),
    404,
    'form-not-found',
  );
});
