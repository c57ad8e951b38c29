// The product's side of the fill benchmarks, through its public API as the demo people would do it:
// the owner creates the questionnaire, puts it in the demo project, assigns the demo patient and
// activates it; the patient signs in.
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { addDays } from '@formularze/domain/schemas/forms';
import { AUTH_TOKEN_HEADER, toPatientLoginBody } from '@formularze/domain/schemas/auth';
import { DEMO_PROJECT } from '../../api/src/accounts/seed.ts';
import { DEMO, DEMO_PASSWORD } from '../../e2e/src/session.ts';
import { productForm, type Question } from './questionnaire.mts';

/** How many days the patient may fill the form from today. */
const ASSIGNMENT_DAYS = 30;

export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, expected }: { token?: string; body?: unknown; expected: number },
): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { [AUTH_TOKEN_HEADER]: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signInOwner(baseUrl: string): Promise<string> {
  const { token } = await callApi<{ token: string }>(baseUrl, 'POST', '/employees/v1/login', {
    body: { email: DEMO.owner.login, password: DEMO_PASSWORD },
    expected: 200,
  });
  return token;
}

/** The demo patient's session token; the first-login help is marked as seen, as after a first visit. */
export async function signInPatient(baseUrl: string): Promise<string> {
  const { token } = await callApi<{ token: string }>(baseUrl, 'POST', '/api/auth/login', {
    body: toPatientLoginBody({ login: DEMO.patient.login, password: DEMO_PASSWORD }),
    expected: 200,
  });
  await callApi(baseUrl, 'PUT', '/api/persons/after_first_login', { token, expected: 204 });
  return token;
}

/** Creates the questionnaire as an active form of the demo project, assigned to the demo patient. */
export async function activeFormForPatient(
  baseUrl: string,
  questions: Question[],
  name: string,
  { extraFields = [] }: { extraFields?: TemplateField[] } = {},
): Promise<number> {
  const owner = await signInOwner(baseUrl);
  const form = productForm(questions, name);
  form.layoutElementObject.children.push(
    ...extraFields.map((field) => ({ type: 'ROW' as const, children: [field] })),
  );
  const { id } = await callApi<{ id: number }>(baseUrl, 'POST', '/api/forms', {
    token: owner,
    body: form,
    expected: 201,
  });
  const projects = await callApi<{ id: number; name: string }[]>(baseUrl, 'GET', '/api/form_group', {
    token: owner,
    expected: 200,
  });
  const project = projects.find((candidate) => candidate.name === DEMO_PROJECT);
  if (!project) throw new Error(`No project '${DEMO_PROJECT}': is the demo seeded?`);
  await callApi(baseUrl, 'POST', `/api/form_group/move_form_to_group/${id}/${project.id}`, {
    token: owner,
    expected: 200,
  });
  const people = await callApi<{ userId: number; phone: string | null }[]>(
    baseUrl,
    'GET',
    `/api/forms/${id}/allowed_users`,
    { token: owner, expected: 200 },
  );
  const { phone } = toPatientLoginBody({ login: DEMO.patient.login, password: DEMO_PASSWORD }) as {
    phone: string;
  };
  const patient = people.find((person) => person.phone === phone);
  if (!patient) throw new Error(`The demo patient (${phone}) is not among the form's possible users`);
  const today = new Date().toISOString().slice(0, 10);
  await callApi(baseUrl, 'PUT', `/api/forms/${id}/allowed_users`, {
    token: owner,
    body: [
      { userId: patient.userId, selected: true, validSince: today, validTo: addDays(today, ASSIGNMENT_DAYS) },
    ],
    expected: 200,
  });
  await callApi(baseUrl, 'PUT', `/api/forms/${id}/activate`, { token: owner, expected: 204 });
  return id;
}
