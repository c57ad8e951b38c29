import { setTimeout } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  changePasswordBody,
  employeeRecoveryBody,
  INVALID_OLD_PASSWORD_MESSAGE,
  patientRecoveryBody,
  resetLinkInfo,
  resetPasswordBody,
} from '@formularze/domain/schemas/recovery';
import { findUserByLogin, hasRole, normalizeEmail, type LoginIdentifier } from '../accounts/users-repository';
import { linkOrigin, type Config } from '../core/config';
import type { Database, ResetRole } from '../db/schema';
import { AppError } from '../core/errors';
import { AUTH_RATE_LIMIT } from '../core/http/rate-limits';
import { revokeApiKeys } from './api-keys-repository';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import { enqueueMessage } from '../outbox/outbox-repository';
import { sealed } from '../outbox/sealed-bodies';
import { authToken } from './auth-token';
import type { Clock } from '../core/clock';
import { EMPLOYEE_ROLES, PATIENT_ROLES } from './doors';
import { accountSubject, clearFailures } from './lockout';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { consumeUserResets, createResetToken, findLiveReset } from './password-resets';
import { resetLinkUrl, resetMessage } from './recovery-messages';
import { deleteUserSessions } from './sessions-repository';
import { signedInPerson } from './session-guard';

/**
 * A request for a link is answered no sooner than this after it arrived. An eligible account's
 * link is written to the database (about 10 ms), an unknown login's is not: without a floor,
 * timing the answers would tell which logins exist.
 */
export const RECOVERY_ANSWER_MS = 100;

const DOOR_ROLES: Record<ResetRole, readonly string[]> = { user: PATIENT_ROLES, employee: EMPLOYEE_ROLES };

/** One answer for every failed reset: the link is unknown, used, expired, or of the other door. */
const resetFailed = () => new AppError(400, 'Błąd zmiany hasła', 'reset-link-invalid');
const linkNotFound = () =>
  new AppError(404, 'Link do zmiany hasła wygasł lub jest nieprawidłowy.', 'reset-link-invalid');

/**
 * Password recovery at both doors, the reset link, and the signed-in password change.
 *
 * Asking for a link always answers 204 with no body, whether the login exists or not, so the form
 * cannot be used to find out who has an account. Only an activated account of the door's roles gets
 * a message (through the outbox); the link carries a random token whose hash is stored, usable once,
 * for 24 hours. Setting the password uses up every open link of the account, signs it out
 * everywhere and lifts a lockout (the link proved the mailbox or phone).
 */
export const recoveryRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
}> = async (app, { db, config, clock }) => {
  // The link waits in the outbox sealed with the server's key: a copy of the database holds none.
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));

  /** Queues a link for an eligible account, in the same time whether there is one or not. */
  async function sendResetLink(request: FastifyRequest, login: LoginIdentifier, role: ResetRole) {
    await Promise.all([queueResetLink(request, login, role), setTimeout(RECOVERY_ANSWER_MS)]);
  }

  async function queueResetLink(request: FastifyRequest, login: LoginIdentifier, role: ResetRole) {
    const user = await findUserByLogin(db, login);
    if (!user?.activated || !DOOR_ROLES[role].some((door) => hasRole(user.authorities, door))) {
      request.log.info({ role }, 'password reset asked for no eligible account');
      return;
    }
    await db.transaction().execute(async (trx) => {
      const { token } = await createResetToken(trx, { userId: user.id, role, clock });
      const recipient =
        'email' in login ? { email: normalizeEmail(login.email) } : { phone: login.phone.trim() };
      const link = resetLinkUrl(linkOrigin(config), token, role);
      await enqueueMessage(trx, sealed(cipher, resetMessage(recipient, link)));
    });
    request.log.info({ userId: user.id, role }, 'password reset link queued');
  }

  const askSchema = { tags: ['auth'], response: { 204: z.undefined(), 429: apiError } };

  app.post(
    '/api/auth/recover_password',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { ...askSchema, body: patientRecoveryBody },
    },
    async (request, reply) => {
      const { email, phone } = request.body;
      await sendResetLink(request, email ? { email } : { phone: phone ?? '' }, 'user');
      return reply.status(204).send();
    },
  );

  app.post(
    '/employees/v1/password/reset/ask',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { ...askSchema, body: employeeRecoveryBody },
    },
    async (request, reply) => {
      await sendResetLink(request, { email: request.body.email }, 'employee');
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/reset-link/:token',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: resetLinkInfo, 404: apiError, 429: apiError },
      },
    },
    async (request) => {
      const reset = await findLiveReset(db, request.params.token, { clock });
      if (!reset) throw linkNotFound();
      return {
        validUntil: new Date(reset.expiresAt).toISOString(),
        role: reset.role,
        login: reset.email ?? reset.phone ?? '',
      };
    },
  );

  async function resetPassword(
    request: FastifyRequest,
    { email, resetId, newPassword }: z.infer<typeof resetPasswordBody>,
    role: ResetRole,
  ) {
    const passwordHash = await hashPassword(newPassword);
    const userId = await db.transaction().execute(async (trx) => {
      const reset = await findLiveReset(trx, resetId, { clock, forUpdate: true });
      const claimed = email?.trim();
      const loginMatches = !claimed || normalizeEmail(claimed) === reset?.email || claimed === reset?.phone;
      if (!reset || reset.role !== role || !loginMatches) throw resetFailed();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', reset.userId)
        .execute();
      await consumeUserResets(trx, reset.userId, clock);
      await deleteUserSessions(trx, reset.userId);
      // Whoever took the account over may have made keys: a reset by link leaves none.
      await revokeApiKeys(trx, reset.userId);
      return reset.userId;
    });
    await clearFailures(db, accountSubject(userId));
    request.log.info({ userId, role }, 'password set by reset link');
  }

  const resetSchema = {
    tags: ['auth'],
    body: resetPasswordBody,
    response: { 204: z.undefined(), 400: apiError, 429: apiError },
  };

  app.post(
    '/api/auth/change_password',
    { config: { access: 'public', rateLimit: AUTH_RATE_LIMIT }, schema: resetSchema },
    async (request, reply) => {
      await resetPassword(request, request.body, 'user');
      return reply.status(204).send();
    },
  );

  app.post(
    '/employees/v1/password/reset',
    { config: { access: 'public', rateLimit: AUTH_RATE_LIMIT }, schema: resetSchema },
    async (request, reply) => {
      await resetPassword(request, request.body, 'employee');
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/auth/change_password',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        body: changePasswordBody,
        response: { 204: z.undefined(), 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { userId } = signedInPerson(request);
      const { oldPassword, newPassword, revokeApiKeys: withApiKeys = true } = request.body;
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        throw new AppError(400, INVALID_OLD_PASSWORD_MESSAGE, 'invalid-old-password');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .execute();
        // Whoever else holds a session (a forgotten tab, a thief) is signed out; this tab stays.
        await deleteUserSessions(trx, userId, { exceptToken: authToken(request) });
        await consumeUserResets(trx, userId, clock);
        if (withApiKeys) await revokeApiKeys(trx, userId);
      });
      request.log.info({ userId, apiKeysRevoked: withApiKeys }, 'password changed');
      return reply.status(204).send();
    },
  );
};
