import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAccess } from '../audit/access-audit';
import { findUserByLogin, hasRole, normalizeEmail, type LoginIdentifier } from '../accounts/users-repository';
import type { Database } from '../db/schema';
import { systemClock, type Clock } from '../core/clock';
import {
  accountSubject,
  clearFailures,
  isSubjectBlocked,
  recordFailure,
  unknownLoginSubject,
} from './lockout';
import { verifyPassword } from '../accounts/passwords';

/**
 * Why an attempt failed. `bad-credentials` covers an unknown login, a wrong password and an
 * account of the other door alike, so the answer never tells which; each counts against the
 * attempts left (lockout.ts), unknown logins included. `blocked` is answered while the subject is
 * blocked, whatever the password, with `lockout` when this very attempt started the block.
 * `not-activated` is only reported to someone who proved the password.
 */
export type LoginCheck =
  | { ok: true; userId: number; account: LoginAccount }
  | { ok: false; reason: 'bad-credentials'; attemptsLeft: number }
  | { ok: false; reason: 'blocked'; lockout?: { account: LoginAccount | null } }
  | { ok: false; reason: 'not-activated' };

/** The account an attempt named, for the access audit trail; none for a login nobody has. */
export interface LoginAccount {
  userId: number;
  authorities: string;
  organizationId: number | null;
}

export type LoginFailure = Extract<LoginCheck, { ok: false }>;

function loginText(login: LoginIdentifier): string {
  return 'email' in login ? normalizeEmail(login.email) : login.phone.trim();
}

const accountOf = (user: {
  id: number;
  authorities: string;
  organization_id: number | null;
}): LoginAccount => ({
  userId: user.id,
  authorities: user.authorities,
  organizationId: user.organization_id,
});

/** Checks an attempt at a door open to `roles` (any one of them suffices). */
export async function checkLogin(
  db: Kysely<Database>,
  {
    login,
    password,
    roles,
    loginHashKey,
    clock = systemClock,
  }: {
    login: LoginIdentifier;
    password: string;
    roles: readonly string[];
    /** Keys the hash an unknown login is counted under (lockout.ts). */
    loginHashKey: Buffer;
    clock?: Clock;
  },
): Promise<LoginCheck> {
  const user = await findUserByLogin(db, login);
  const subject = user ? accountSubject(user.id) : unknownLoginSubject(loginText(login), loginHashKey);
  // A blocked subject is refused before its password is looked at, so the right one cannot be
  // told from a wrong one during the block.
  if (await isSubjectBlocked(db, subject, clock)) return { ok: false, reason: 'blocked' };

  // Always spends the time of a password check, so timing does not reveal which logins exist.
  const passwordMatches = await verifyPassword(user?.password_hash, password);
  if (!user || !passwordMatches || !roles.some((role) => hasRole(user.authorities, role))) {
    const outcome = await recordFailure(db, subject, clock);
    if (!outcome.blocked) return { ok: false, reason: 'bad-credentials', attemptsLeft: outcome.attemptsLeft };
    return outcome.started
      ? { ok: false, reason: 'blocked', lockout: { account: user ? accountOf(user) : null } }
      : { ok: false, reason: 'blocked' };
  }
  await clearFailures(db, subject);
  if (!user.activated) return { ok: false, reason: 'not-activated' };
  return { ok: true, userId: user.id, account: accountOf(user) };
}

/**
 * The access audit trail's part of an attempt: a sign-in, or the block this attempt started (the
 * account's organization's trail, or the platform's for a login nobody has).
 */
export async function recordLoginOutcome(db: Kysely<Database>, request: FastifyRequest, result: LoginCheck) {
  const actorOf = (account: LoginAccount) => ({
    userId: account.userId,
    role: account.authorities,
    organizationId: account.organizationId,
  });
  if (result.ok) {
    await recordAccess(db, request, { operation: 'auth.login', actor: actorOf(result.account) });
  } else if (result.reason === 'blocked' && result.lockout) {
    const { account } = result.lockout;
    await recordAccess(db, request, {
      operation: 'auth.lockout',
      actor: account ? actorOf(account) : { userId: null, role: null, organizationId: null },
      ...(account && { patientIds: [account.userId], resourceType: 'user', resourceIds: [account.userId] }),
    });
  }
}
