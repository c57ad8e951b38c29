import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import {
  createOrganization,
  createUser,
  setupTestApp,
  setupTestDatabase,
  signInFromNewAddress,
} from '../../../test/helpers';
import { MISSING_BOUNDARY_MESSAGE } from './multipart-boundary';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextFields } from './unstorable-text';

/**
 * Requests the API cannot even parse or store are 400 `validation` answers naming the part at
 * fault, like any schema refusal — never a framework message without a field, nor a database
 * error (PostgreSQL refuses NUL in text and `\u0000` or lone surrogates in jsonb).
 */

const db = await setupTestDatabase();
const { app } = await setupTestApp(db);

type Answer = Awaited<ReturnType<typeof app.inject>>;

function refusedFields(response: Answer): Record<string, string> {
  assert.equal(response.statusCode, 400, response.body);
  const body = apiError.parse(response.json());
  assert.equal(body.code, 'validation', response.body);
  for (const field of Object.keys(body.fields ?? {})) assert.ok(body.message.includes(field), body.message);
  return body.fields ?? {};
}

async function signedInOwner() {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@refusals.test', authorities: 'ROLE_OWNER', organizationId });
  return signInFromNewAddress(app, { email: 'owner@refusals.test' });
}

test('a body that is not JSON, or is empty, is refused naming the body', async () => {
  for (const payload of ['{', '{"name":"Projekt",}', '{"constructor":{"prototype":{}}}', '']) {
    const response = await app.inject({
      method: 'POST',
      url: '/employees/v1/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    assert.deepEqual(Object.keys(refusedFields(response)), ['body'], payload);
  }
});

test('a call without a body accepts an empty body sent as JSON', async () => {
  const owner = await signedInOwner();
  const response = await app.inject({
    method: 'PUT',
    url: '/api/persons/after_first_login',
    headers: { ...owner, 'content-type': 'application/json; charset=utf-8' },
    payload: '',
  });
  assert.equal(response.statusCode, 204, response.body);
});

test('a multipart body whose content type names no boundary is refused naming the body', async () => {
  const headers = await signedInOwner();
  for (const contentType of [
    'multipart/form-data',
    'multipart/form-data; charset=utf-8',
    'multipart/form-data; boundary=',
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/form_data/upload_file',
      headers: { ...headers, 'content-type': contentType },
      payload: '{"a":"głęboko"}',
    });
    assert.deepEqual(refusedFields(response), { body: MISSING_BOUNDARY_MESSAGE }, contentType);
  }
});

test('schema refusals without a message of their own are worded in Polish', async () => {
  const owner = await signedInOwner();
  const form = await app.inject({
    method: 'POST',
    url: '/api/forms',
    headers: owner,
    payload: {
      name: 'Ankieta',
      layoutElementObject: { type: 'FORM', children: [] },
      allowDrafting: 'tak',
      defaultAssignmentDuration: 371,
    },
  });
  assert.deepEqual(refusedFields(form), {
    allowDrafting: 'Wartość musi być wartością tak lub nie',
    defaultAssignmentDuration: 'Wartość nie może być większa niż 370',
  });
  const login = await app.inject({ method: 'POST', url: '/employees/v1/login', payload: { email: 'a@b.c' } });
  assert.deepEqual(refusedFields(login), { password: 'To pole jest wymagane' });
});

test('a body the API cannot take is refused in Polish', async () => {
  const owner = await signedInOwner();
  const xml = await app.inject({
    method: 'POST',
    url: '/api/form_group',
    headers: { ...owner, 'content-type': 'application/xml' },
    payload: '<projekt/>',
  });
  assert.equal(xml.statusCode, 415, xml.body);
  assert.equal(apiError.parse(xml.json()).message, 'Nieobsługiwany typ treści żądania');
  const huge = await app.inject({
    method: 'POST',
    url: '/api/form_group',
    headers: owner,
    payload: { name: 'x'.repeat(2 * 1024 * 1024) },
  });
  assert.equal(huge.statusCode, 413, huge.body);
  assert.equal(apiError.parse(huge.json()).message, 'Treść żądania jest zbyt duża');
});

test('a path whose percent-encoding is broken is refused naming the parameters', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/auth/reset-link/%E0%A4%A' });
  assert.deepEqual(Object.keys(refusedFields(response)), ['params']);
});

test('NUL characters and lone surrogates are refused where they are, before any query', async () => {
  const owner = await signedInOwner();
  const login = await app.inject({
    method: 'POST',
    url: '/employees/v1/login',
    payload: { email: 'owner@refusals.test\u0000', password: 'x' },
  });
  assert.deepEqual(refusedFields(login), { email: UNSTORABLE_TEXT_MESSAGE });

  const project = await app.inject({
    method: 'POST',
    url: '/api/form_group',
    headers: owner,
    payload: { name: 'Projekt\u0000', description: 'a\uD800b' },
  });
  assert.deepEqual(refusedFields(project), {
    name: UNSTORABLE_TEXT_MESSAGE,
    description: UNSTORABLE_TEXT_MESSAGE,
  });

  const listed = await app.inject({
    method: 'GET',
    url: '/api/v2/persons?filterProperty=%00',
    headers: owner,
  });
  assert.deepEqual(refusedFields(listed), { filterProperty: UNSTORABLE_TEXT_MESSAGE });

  // Nothing was stored: the project list is still empty.
  const projects = await app.inject({ method: 'GET', url: '/api/form_group', headers: owner });
  assert.deepEqual(projects.json(), []);
});

test('keys are checked too and named escaped; emoji and Polish letters pass; any depth is walked', () => {
  assert.deepEqual(unstorableTextFields({ data: { 'a\u0000': 'tak' } }, 'body'), {
    'data.a\\u0000': UNSTORABLE_TEXT_MESSAGE,
  });
  assert.deepEqual(unstorableTextFields({ name: 'Zażółć 😀 תשובה' }, 'body'), {});
  let deep: unknown = '\u0000';
  for (let level = 0; level < 100_000; level += 1) deep = [deep];
  assert.deepEqual(Object.keys(unstorableTextFields(deep, 'body')), [Array(100_000).fill('0').join('.')]);
});
