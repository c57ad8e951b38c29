import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  buildTenantWorld,
  call,
  setupIsolationDatabaseAndApp,
  type Headers,
  type Method,
  type TenantWorld,
} from '../../test/isolation/tenant-fixture';
import { statementsDuring } from '../../test/statement-counter';

/**
 * The database round trips of the calls every page load and every filling makes, counted below
 * the scoped dialect (the scope's settings, `begin` and `commit` count). Measured with the caller
 * already resolved once, as every request after a sign-in is, and after another organization's
 * call, so the connection's scope must be set again; a route that needs one more trip fails here
 * first (bench/README.md: where a request's time goes).
 */
const { db, app } = await setupIsolationDatabaseAndApp();
let world: TenantWorld;

interface Call {
  name: string;
  method: Method;
  url: () => string;
  who: () => Headers;
  body?: () => unknown;
  status: number;
  /** Round trips at most. */
  limit: number;
}

const CALLS: Call[] = [
  {
    name: 'the signed-in person',
    method: 'GET',
    url: () => '/api/persons/my',
    who: () => world.a.patient,
    status: 200,
    // Answered from the resolved caller, which holds the person (ADR 420).
    limit: 0,
  },
  {
    name: "a patient's active forms",
    method: 'GET',
    url: () => '/api/v2/forms/active',
    who: () => world.a.patient,
    status: 200,
    limit: 2,
  },
  {
    name: "a fill page's template",
    method: 'GET',
    url: () => `/api/form_template/${world.a.form[0]}`,
    who: () => world.a.patient,
    status: 200,
    limit: 2,
  },
  {
    name: 'a results page',
    method: 'POST',
    url: () => '/api/form_data/latest_for_projects_and_users',
    who: () => world.a.owner,
    body: () => ({}),
    status: 200,
    // Its access audit entry is one insert of its own (ADR 415).
    limit: 3,
  },
  {
    name: 'a completed form saved',
    method: 'POST',
    url: () => '/api/form_data/',
    who: () => world.a.patient,
    body: () => ({ formId: world.a.form[0], data: { opis: 'Odpowiedź' } }),
    status: 201,
    // Measured at the second save of the form: the scope's settings, then the insert that holds
    // only while the form this process read at the first save is unchanged, answering the filled
    // form as it reads back (ADRs 421, 423). A first save reads the form first.
    limit: 2,
  },
];

// One test: the database is emptied before each (test/helpers.ts), subtests included.
test('each call keeps to its round trips', async () => {
  world = await buildTenantWorld(app, db);
  const excess: string[] = [];
  for (const { name, method, url, who, body, status, limit } of CALLS) {
    const request = async () => {
      const response = await call(app, method, url(), who(), body?.());
      assert.equal(response.statusCode, status, response.body);
    };
    await request();
    // Another organization's call in between, as on a busy server: the scope must be set again.
    await call(app, 'GET', '/api/persons/my', world.b.owner);
    const statements = await statementsDuring(request);
    if (statements.length > limit) {
      excess.push(
        `${name}: ${statements.length} round trips (at most ${limit}):\n  ${statements.join('\n  ')}`,
      );
    }
  }
  assert.deepEqual(excess, []);
});
