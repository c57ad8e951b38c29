import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Logins are compared case-insensitively: addresses are stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hasRole(authorities: string, role: string): boolean {
  return authorities.split(',').some((part) => part.trim() === role);
}

/** A user who may sign in: activated and not removed. */
export function findActiveUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'authorities'])
    .where('email', '=', normalizeEmail(email))
    .where('activated', '=', true)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** How a person signs in: staff and most patients by email, some patients by phone only. */
export type LoginIdentifier = { email: string } | { phone: string };

/** A user who has not been removed, by email (case-insensitively) or phone; activated or not. */
export function findUserByLogin(db: Kysely<Database>, login: LoginIdentifier) {
  let query = db
    .selectFrom('users')
    .select(['id', 'password_hash', 'authorities', 'activated', 'organization_id'])
    .where('removed_at', 'is', null);
  query =
    'email' in login
      ? query.where('email', '=', normalizeEmail(login.email))
      : query.where('phone', '=', login.phone.trim());
  return query.executeTakeFirst();
}
