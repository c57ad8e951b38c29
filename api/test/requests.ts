import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import { formDetails, savedFormRef } from '@formularze/domain/schemas/forms';
import type { Database } from '../src/db/schema';
import { setupDatabaseAndApp, setupTestApp } from './helpers';

/** A caller's request headers (its `x-auth-token`, mostly). */
export type Headers = Record<string, string>;

/** A clock the file's tests move by hand (`advance`), back at `start` before each test. */
export function handMovedClock(start: Date) {
  let now = start;
  beforeEach(() => void (now = start));
  return { now: () => now, advance: (ms: number) => void (now = new Date(now.getTime() + ms)) };
}

/** The app on the test database reading the time from `clock` (see setupTestApp). */
export async function setupAppWithClock(db: Kysely<Database>, clock: () => Date): Promise<FastifyInstance> {
  return (await setupTestApp(db, {}, { clock })).app;
}

/**
 * The file's test database and the app on it reading the time from `clock` (as setupAppWithClock),
 * with `call` for its JSON requests (as jsonCaller).
 */
export async function setupClockedApi(clock: () => Date) {
  const { db, app } = await setupDatabaseAndApp({}, { clock });
  return { db, app, call: jsonCaller(app) };
}

/** `call(method, url, headers, body?)`: one request to `app`, with `body` sent as JSON when given. */
export function jsonCaller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: unknown) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

/** Asserts that `response` is the API's error `code` with HTTP `status`, and returns the parsed error. */
export function expectApiError(
  response: { statusCode: number; json(): unknown; body: string },
  status: number,
  code: string,
) {
  assert.equal(response.statusCode, status, response.body);
  const body = apiError.parse(response.json());
  assert.equal(body.code, code);
  return body;
}

/** The form `headers` create from `payload` through `POST /api/forms`; its id. */
export async function createFormThroughApi(app: FastifyInstance, headers: Headers, payload: unknown) {
  const response = await jsonCaller(app)('POST', '/api/forms', headers, payload);
  assert.equal(response.statusCode, 201, response.body);
  return savedFormRef.parse(response.json()).id;
}

/**
 * The form `owner` creates from `payload` through the API, placed in project `groupId`, assigned to
 * `patients` from `validSince` to `validTo` (open-ended without it) through
 * `PUT /api/forms/{id}/allowed_users`, and activated; its id.
 */
export async function activeFormThroughApi(
  app: FastifyInstance,
  db: Kysely<Database>,
  owner: Headers,
  payload: unknown,
  {
    groupId,
    patients,
    validSince,
    validTo,
  }: { groupId: number; patients: number[]; validSince: string; validTo?: string },
) {
  const call = jsonCaller(app);
  const id = await createFormThroughApi(app, owner, payload);
  await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', id).execute();
  const assign = await call(
    'PUT',
    `/api/forms/${id}/allowed_users`,
    owner,
    patients.map((userId) => ({ userId, selected: true, validSince, validTo })),
  );
  assert.equal(assign.statusCode, 200, assign.body);
  const activated = await call('PUT', `/api/forms/${id}/activate`, owner);
  assert.equal(activated.statusCode, 204, activated.body);
  return id;
}

/** Form `id` as `headers` open it in the editor (`GET /api/forms/{id}`). */
export async function formDetailsAs(app: FastifyInstance, id: number, headers: Headers) {
  const response = await jsonCaller(app)('GET', `/api/forms/${id}`, headers);
  assert.equal(response.statusCode, 200, response.body);
  return formDetails.parse(response.json());
}
