import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  apiError,
  employeeLoginBody,
  loginResponse,
  patientLoginBody,
  type ApiError,
} from '@formularze/domain/schemas';
import type { LoginIdentifier } from '../accounts/users-repository';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { errorBody } from '../core/http/error-handler';
import { AUTH_RATE_LIMIT } from '../core/http/rate-limits';
import { systemClock, type Clock } from '../core/clock';
import { EMPLOYEE_ROLES, PATIENT_ROLES } from './doors';
import { resolveLoginHashKey } from './lockout';
import { checkLogin, recordLoginOutcome, type LoginFailure } from './login-check';
import { createSession } from './sessions-repository';

/**
 * The shell signs an idle person out after 15 minutes; this bounds the life of a token nobody
 * signed out (a closed tab, a kiosk with AUTO_LOGOUT=false) to a working day.
 */
export const APP_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Status of a refused login: a temporary block is 423 Locked, anything else 401. */
const BLOCKED_STATUS = 423 as const;
const NOT_ACTIVATED_MESSAGE = 'Użytkownik nie został aktywowany';

type FailureBodies = {
  [R in LoginFailure['reason']]: (failure: Extract<LoginFailure, { reason: R }>) => ApiError;
};

const refusal = (statusCode: number, message: string, code: string, attemptsLeft?: number): ApiError => ({
  ...errorBody(statusCode, message, { code }),
  ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
});

/** The bodies of a refused login at each door; the codes are the spec's, mapped by the login screens. */
const PATIENT_FAILURES: FailureBodies = {
  // The spec's patient screen reads a numeric message as the number of attempts left.
  'bad-credentials': ({ attemptsLeft }) => refusal(401, String(attemptsLeft), 'attempts-left', attemptsLeft),
  blocked: () => refusal(BLOCKED_STATUS, 'Konto zostało czasowo zablokowane', 'blocked', 0),
  'not-activated': () => refusal(401, NOT_ACTIVATED_MESSAGE, 'not activated'),
};
const EMPLOYEE_FAILURES: FailureBodies = {
  'bad-credentials': ({ attemptsLeft }) =>
    refusal(401, 'Nieprawidłowy adres email lub hasło', 'InvalidEmailError', attemptsLeft),
  blocked: () => refusal(BLOCKED_STATUS, 'Konto tymczasowo zablokowane', 'EmployeeBlockedError', 0),
  'not-activated': () => refusal(401, NOT_ACTIVATED_MESSAGE, 'not activated'),
};

function failureBody(failures: FailureBodies, failure: LoginFailure): ApiError {
  const build = failures[failure.reason] as (failure: LoginFailure) => ApiError;
  return build(failure);
}

type Door = { roles: readonly string[]; failures: FailureBodies; kind: 'patient' | 'employee' };
const PATIENT_DOOR: Door = { roles: PATIENT_ROLES, failures: PATIENT_FAILURES, kind: 'patient' };
const EMPLOYEE_DOOR: Door = { roles: EMPLOYEE_ROLES, failures: EMPLOYEE_FAILURES, kind: 'employee' };

/**
 * The application's two doors: patients at /api/auth, staff (and the platform admin) at /employees/v1.
 * Both count failed attempts per account and block it for a while (lockout.ts), and both are
 * rate-limited per IP address.
 */
export const loginRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'apiKeyEncryptionKey'>;
  clock?: Clock;
}> = async (app, { db, config, clock = systemClock }) => {
  const loginHashKey = await resolveLoginHashKey(config);
  const loginSchema = {
    tags: ['auth'],
    response: { 200: loginResponse, 401: apiError, [BLOCKED_STATUS]: apiError, 429: apiError },
  };
  const loginConfig = { access: 'public', rateLimit: AUTH_RATE_LIMIT, loginDoor: true } as const;

  /** Checks a login at a door: a refusal answers with the door's body, a success opens its session. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    door: Door,
    { login, password }: { login: LoginIdentifier; password: string },
  ) {
    const result = await checkLogin(db, { login, password, roles: door.roles, loginHashKey, clock });
    if (!result.ok) {
      await recordLoginOutcome(db, request, result);
      const body = failureBody(door.failures, result);
      return reply.status(body.statusCode as 401 | typeof BLOCKED_STATUS).send(body);
    }
    const token = await createSession(db, {
      userId: result.userId,
      kind: door.kind,
      ttlMs: APP_SESSION_TTL_MS,
    });
    await recordLoginOutcome(db, request, result);
    request.log.info({ userId: result.userId }, `${door.kind} signed in`);
    return { token };
  }

  app.post(
    '/api/auth/login',
    { config: loginConfig, schema: { ...loginSchema, body: patientLoginBody } },
    async (request, reply) => {
      const login: LoginIdentifier =
        'username' in request.body ? { email: request.body.username } : { phone: request.body.phone };
      // `globalTosAccepted` is checked once global terms exist (requireGlobalTosAcceptance).
      return signIn(request, reply, PATIENT_DOOR, { login, password: request.body.password });
    },
  );

  app.post(
    '/employees/v1/login',
    { config: loginConfig, schema: { ...loginSchema, body: employeeLoginBody } },
    async (request, reply) => {
      const { email, password } = request.body;
      return signIn(request, reply, EMPLOYEE_DOOR, { login: { email }, password });
    },
  );
};
