import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedInPerson, type SignedInPerson } from '../auth/session-guard';
import type { Clock } from '../core/clock';
import type { AccessManager } from './allowed-users-repository';
import { formNotFound } from './form-lifecycle';
import { zonedDay } from './schedule-slots';

/** Ids are PostgreSQL integers: a larger number would be a database error, not a 404. */
const databaseId = z.coerce.number().int().positive().max(2_147_483_647);
export const formIdParams = z.object({ id: databaseId });
/** A path that names the form `{formId}` (filled data and results of one form). */
export const formIdParam = z.object({ formId: databaseId });
export const personIdParams = z.object({ personId: databaseId });
export const bagIdParams = z.object({ bagId: databaseId });

export interface FormsCaller extends SignedInPerson {
  organizationId: number;
}

/**
 * The signed-in member and their organization: forms are always the caller's organization's. The
 * platform administrator has none, so every form is "not found" to them.
 */
export function formsCaller(request: FastifyRequest): FormsCaller {
  const person = signedInPerson(request);
  if (person.organizationId === null) throw formNotFound();
  return { ...person, organizationId: person.organizationId };
}

/** Owners manage anyone's access; everyone else allowed to manage it, patients' only. */
export const accessManager = (person: SignedInPerson): AccessManager =>
  person.authorities.includes('ROLE_OWNER') ? 'owner' : 'editor';

/** Now, and today's date where the organization's schedules are read. */
export function moment(clock: Clock): { now: Date; today: string } {
  const now = clock();
  return { now, today: zonedDay(now) };
}
