import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { apiError, permissionsFor, type PermissionInput } from '@formularze/domain/schemas';
import { createUser, OPERATOR_TOKEN, signInFromNewAddress, superAdminHeaders } from '../helpers';
import { documentedOperations, type Operation } from './operations';
import {
  bodyFor,
  multipartBody,
  operationSchemas,
  pathValue,
  queryString,
  type RawBody,
} from './request-arbitraries';
import {
  buildTenantWorld,
  setupIsolationDatabaseAndApp,
  type Headers,
  type TenantWorld,
} from './tenant-fixture';

/**
 * Every documented operation, called with inputs generated from its own schemas in the OpenAPI
 * document (valid-looking, just out of bounds, or junk: wrong types, 100 kB and unicode texts,
 * deep nesting, malformed JSON, other content types) by a caller its access lets through, and now
 * and then by nobody. No answer may be a server error, nothing may be logged as an error or
 * escape as an unhandled rejection, and every 400 names what it refuses.
 *
 * FUZZ_SEED and FUZZ_RUNS (total requests, shared out among the operations) explore further.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20260610);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/** Error-level entries of the app's logger (an unexpected failure in a handler or hook). */
const loggedErrors: string[] = [];
const logger = pino(
  { level: 'error' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      loggedErrors.push(chunk.toString());
      done();
    },
  }),
);
const escaped: unknown[] = [];
process.on('unhandledRejection', (reason) => escaped.push(reason));
process.on('uncaughtException', (error) => escaped.push(error));

const { db, app } = await setupIsolationDatabaseAndApp({ logger, operatorToken: OPERATOR_TOKEN });

type Login = { email: string } | { username: string };

/** A signed-in person the calls are made as; signed in again (or replaced) when a call ends the session. */
interface SignedIn {
  login: Login;
  organizationId: number | null;
  permissions: PermissionInput;
  headers: Headers;
}

type PersonName = 'owner' | 'editor' | 'patient' | 'platform-admin';
type CallerName = PersonName | 'anonymous' | 'super-admin' | 'operator';
const PEOPLE: PersonName[] = ['owner', 'editor', 'patient', 'platform-admin'];

/** The callers of the fuzzed requests, signed in to the tenant world. */
class Callers {
  private replacements = 0;

  private constructor(
    private readonly world: TenantWorld,
    private readonly people: Record<PersonName, SignedIn>,
    private readonly superAdmin: Headers,
  ) {}

  static async signIn(): Promise<Callers> {
    const world = await buildTenantWorld(app, db);
    await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
    const noFlags = { editorsCanManageForms: false, editorsCanManageUsers: false };
    const flags = { editorsCanManageForms: true, editorsCanManageUsers: true };
    return new Callers(
      world,
      {
        owner: {
          login: { email: 'owner@a.test' },
          organizationId: world.a.organization,
          permissions: { authorities: 'ROLE_OWNER', organization: noFlags },
          headers: world.a.owner,
        },
        // B's editors hold every editor permission.
        editor: {
          login: { email: 'editor@b.test' },
          organizationId: world.b.organization,
          permissions: { authorities: 'ROLE_EDITOR', organization: flags },
          headers: world.b.editor,
        },
        patient: {
          login: { username: 'patient@a.test' },
          organizationId: world.a.organization,
          permissions: { authorities: 'ROLE_USER', organization: noFlags },
          headers: world.a.patient,
        },
        'platform-admin': {
          login: { email: 'admin@platform.test' },
          organizationId: null,
          permissions: { authorities: 'ROLE_ADMIN' },
          headers: await signInFromNewAddress(app, { email: 'admin@platform.test' }),
        },
      },
      await superAdminHeaders(app, db),
    );
  }

  /** People who had to be replaced because a call deleted them or changed their login. */
  get replaced(): number {
    return this.replacements;
  }

  headersOf(caller: CallerName): Headers {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'super-admin':
        return this.superAdmin;
      case 'operator':
        return { 'x-operator-token': OPERATOR_TOKEN };
      default:
        return this.people[caller].headers;
    }
  }

  /** Who may call the operation (so the handler is reached), and now and then nobody. */
  of(operation: Operation): fc.Arbitrary<CallerName> {
    const access = operation.access;
    let allowed: CallerName[];
    if (access === 'public') allowed = ['anonymous', 'patient'];
    else if (access === 'session') allowed = PEOPLE;
    else if (access === 'super-admin' || access === 'operator') allowed = [access];
    else {
      allowed = PEOPLE.filter((name) =>
        permissionsFor(this.people[name].permissions).has(access.permission as never),
      );
    }
    if (allowed.length === 0) throw new Error(`${operation.name}: no caller holds its permission`);
    return fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...allowed) },
      { weight: 1, arbitrary: fc.constant<CallerName>('anonymous') },
    );
  }

  /**
   * A call may end its caller's session (logout), change their e-mail or delete them: the next
   * calls need a session again, from the same login or, failing that, a new person of the role.
   */
  async renewAfter(caller: CallerName, status: number): Promise<void> {
    if (status !== 401 || !(caller in this.people)) return;
    const person = this.people[caller as PersonName];
    try {
      person.headers = await signInFromNewAddress(app, person.login);
    } catch {
      this.replacements += 1;
      const email = `zastepca-${this.replacements}@fuzz.test`;
      const { authorities } = person.permissions;
      await createUser(db, { email, authorities, organizationId: person.organizationId });
      person.login = authorities === 'ROLE_USER' ? { username: email } : { email };
      person.headers = await signInFromNewAddress(app, person.login);
      await app.inject({
        method: 'PUT',
        url: `/api/organizations/terms/${this.world.a.terms}/accept`,
        headers: person.headers,
      });
    }
  }
}

interface FuzzInput {
  caller: CallerName;
  path: string[];
  query: string;
  body: RawBody | undefined;
}

function inputsOf(operation: Operation, callers: Callers): fc.Arbitrary<FuzzInput> {
  const schemas = operationSchemas(app.swagger(), operation.method, operation.path);
  const body = operation.jsonBody
    ? bodyFor(schemas.body)
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: multipartBody },
        { weight: 1, arbitrary: bodyFor(undefined) },
      );
  return fc.record({
    caller: callers.of(operation),
    path: fc.tuple(...operation.pathParameters.map((name) => pathValue(schemas.path[name] ?? {}))),
    query: queryString(schemas.query),
    body,
  });
}

const statusCounts = new Map<number, number>();
let requests = 0;

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Saves of answers refuse them with the fill page's alert as the message (§5 'Wypełnij wszystkie
 * wymagane pola', or 'Nieprawidłowe odpowiedzi w formularzu') and each field's own in `fields`.
 */
const SAVES_OF_ANSWERS = new Set(['POST /api/form_data/', 'POST /api/form_data', 'PUT /api/form_data/{id}']);

/** What is wrong with the answer to one call (nothing, for a pass). */
async function problemsOf(operation: Operation, input: FuzzInput, callers: Callers): Promise<string[]> {
  let index = 0;
  const url = operation.path.replace(/\{\w+\}/g, () => input.path[index++]!) + input.query;
  const headers: Headers = { ...callers.headersOf(input.caller) };
  if (input.body?.contentType) headers['content-type'] = input.body.contentType;
  const logsBefore = loggedErrors.length;
  const response = await app.inject({ method: operation.method, url, headers, payload: input.body?.payload });
  requests += 1;
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);

  const problems: string[] = [];
  const answer = `${response.statusCode} ${response.body.slice(0, 500)}`;
  if (response.statusCode >= 500) problems.push(`server error: ${answer}`);
  if (loggedErrors.length > logsBefore)
    problems.push(`logged an error: ${loggedErrors.slice(logsBefore).join('')}`);
  if (response.statusCode >= 400) {
    const parsed = apiError.safeParse(safeJson(response.body));
    if (!parsed.success) problems.push(`not an error body: ${answer}`);
    else if (response.statusCode === 400) {
      const { code, fields, message } = parsed.data;
      if (code === undefined) problems.push(`a 400 without a code: ${answer}`);
      else if (code === 'validation') {
        const named = Object.keys(fields ?? {});
        const messageNames =
          SAVES_OF_ANSWERS.has(operation.name) || named.every((field) => message.includes(field));
        if (named.length === 0 || !messageNames) {
          problems.push(`a validation error that does not name its fields: ${answer}`);
        }
      } else if (code.startsWith('FST_')) problems.push(`a framework error that names no field: ${answer}`);
    }
  }
  await callers.renewAfter(input.caller, response.statusCode);
  return problems;
}

test('no generated request makes any operation fail, and every refusal names its field', async (t) => {
  const callers = await Callers.signIn();
  const operations = documentedOperations(app);
  const runsEach = Math.ceil(TOTAL_RUNS / operations.length);
  const started = performance.now();
  const failures: string[] = [];
  for (const [index, operation] of operations.entries()) {
    try {
      await fc.assert(
        fc.asyncProperty(inputsOf(operation, callers), async (input) => {
          const problems = await problemsOf(operation, input, callers);
          assert.deepEqual(problems, [], `${operation.name} as ${input.caller}`);
        }),
        { seed: SEED + index, numRuns: runsEach, includeErrorInReport: true },
      );
    } catch (error) {
      // fast-check's message: the seed, the path to replay and the shrunk counterexample.
      failures.push(`${operation.name}\n${(error as Error).message}`);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = [...statusCounts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`);
  t.diagnostic(
    `${operations.length} operations, ${requests} requests in ${seconds} s (seed ${SEED}); ` +
      `statuses ${statuses.join(', ')}; ${callers.replaced} callers replaced`,
  );
  assert.deepEqual(failures, []);
  assert.deepEqual(escaped, [], 'unhandled rejections or uncaught exceptions');
  assert.ok(requests >= TOTAL_RUNS, `only ${requests} requests`);
});
