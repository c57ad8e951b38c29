import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findCurrentTerms } from './current-terms';
import { hasRole } from './users-repository';

const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_OWNER', 'ROLE_EDITOR'] as const;

/** Patients are the only people who must accept their organization's terms; staff never are held back. */
export function isPatient(authorities: string): boolean {
  return hasRole(authorities, 'ROLE_USER') && !STAFF_ROLES.some((role) => hasRole(authorities, role));
}

/**
 * The role string that permissions are computed from: a patient who has not accepted the current
 * terms is ROLE_USER_NO_ACCEPTED_TERMS (start page and the terms dialog only) until they do.
 */
export function effectiveAuthorities(authorities: string, currentTermsAccepted: boolean): string {
  if (currentTermsAccepted || !isPatient(authorities)) return authorities;
  return authorities
    .split(',')
    .map((part) => (part.trim() === 'ROLE_USER' ? 'ROLE_USER_NO_ACCEPTED_TERMS' : part.trim()))
    .join(',');
}

export interface PersonTermsInput {
  userId: number;
  organizationId: number | null;
}

/** Whether the person accepted their organization's current terms; no current terms count as accepted. */
export async function hasAcceptedCurrentTerms(
  db: Kysely<Database>,
  { userId, organizationId }: PersonTermsInput,
): Promise<boolean> {
  if (organizationId === null) return true;
  const terms = await findCurrentTerms(db, { organizationId, userId });
  return !terms || terms.accepted;
}

/** `effectiveAuthorities` for a stored person; staff cost no query. */
export async function resolveEffectiveAuthorities(
  db: Kysely<Database>,
  person: PersonTermsInput & { authorities: string },
): Promise<string> {
  if (!isPatient(person.authorities)) return person.authorities;
  return effectiveAuthorities(person.authorities, await hasAcceptedCurrentTerms(db, person));
}
