import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, SessionKind } from '../db/schema';

/** How a session's token is stored and looked up (also the key of the resolved-caller cache). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Kysely<Database>,
  { userId, kind, ttlMs }: { userId: number; kind: SessionKind; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, kind, expires_at: new Date(Date.now() + ttlMs) })
    .execute();
  return token;
}

/**
 * What `GET /api/persons/my` shows of the caller beyond who they are, read with the caller (aliases
 * `u` users, `o` organizations), so that the resolved caller answers it without a query of its own.
 * Every change of these columns is a write to `users` or `organizations`, which makes the caller
 * cache forget the caller (db/written-tables.ts, migration 0041).
 */
const CALLER_PROFILE_COLUMNS = [
  'u.first_name as firstName',
  'u.surname',
  'u.phone',
  'u.avatar_path as avatarPath',
  'u.first_login as firstLogin',
  'o.name as organizationName',
] as const;

/**
 * Who the caller is, read with the session or API key that names them (aliases `u` users,
 * `o` organizations): the user, the organization flags permissions depend on, and the profile.
 */
export const CALLER_COLUMNS = [
  'u.id as userId',
  'u.email',
  'u.authorities',
  'u.organization_id as organizationId',
  'o.editors_can_manage_forms as editorsCanManageForms',
  'o.editors_can_manage_users as editorsCanManageUsers',
  ...CALLER_PROFILE_COLUMNS,
] as const;

/** How stale `last_seen_at` may get before a request writes it again. */
const LAST_SEEN_PRECISION_MS = 60_000;

/**
 * The unexpired session behind `token` if it is of one of `kinds`, with its user (if that user may
 * still sign in), the organization flags permissions depend on, and whether the user accepted the
 * organization's current terms (none count as accepted), and what the person's own page shows of
 * them (`CALLER_PROFILE_COLUMNS`): who the caller is, in one query.
 */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  kinds: readonly SessionKind[],
  now = new Date(),
) {
  const session = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select((eb) => [
      's.id',
      's.kind',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      ...CALLER_COLUMNS,
      eb.fn
        .coalesce(
          eb
            .selectFrom('terms as t')
            .select((terms) =>
              terms
                .exists(
                  terms
                    .selectFrom('terms_acceptances as a')
                    .select('a.id')
                    .whereRef('a.terms_id', '=', 't.id')
                    .whereRef('a.user_id', '=', 'u.id')
                    .where('a.revoked_at', 'is', null),
                )
                .as('accepted'),
            )
            .whereRef('t.organization_id', '=', 'u.organization_id')
            .where('t.removed_at', 'is', null)
            .where('t.active_since', '<=', now)
            .orderBy('t.active_since', 'desc')
            .limit(1),
          sql<boolean>`true`,
        )
        .$castTo<boolean>()
        .as('currentTermsAccepted'),
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.kind', 'in', kinds)
    .where('s.expires_at', '>', now)
    .where('u.activated', '=', true)
    .where('u.removed_at', 'is', null)
    .executeTakeFirst();
  if (!session) return undefined;
  const { lastSeenAt, ...found } = session;
  // A minute's precision is all it is kept for: no write on every request.
  if (now.getTime() - lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
  }
  return found;
}

/** Ends the session `token` names; returns whose it was (for the access audit trail), if it existed. */
export async function deleteSession(db: Kysely<Database>, token: string) {
  return db
    .with('ended', (query) =>
      query.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).returning('user_id'),
    )
    .selectFrom('ended')
    .innerJoin('users as u', 'u.id', 'ended.user_id')
    .select(['u.id', 'u.authorities', 'u.organization_id'])
    .executeTakeFirst();
}

/** Signs a user out everywhere (after a password change), except the session of `exceptToken`. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  { exceptToken }: { exceptToken?: string } = {},
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken) query = query.where('token_hash', '!=', hashToken(exceptToken));
  await query.execute();
}
