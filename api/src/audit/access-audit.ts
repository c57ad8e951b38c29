import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessOperation } from '@formularze/domain/schemas/access-audit';
import { isPlainPatient } from '@formularze/domain/schemas/permissions';
import type { Database } from '../db/schema';
import { AccessEntryBatches } from './entry-batches';

/** Who did it: an account, its roles, its organization (none for the platform's accounts). */
export interface AuditActor {
  userId: number | null;
  role: string | null;
  organizationId: number | null;
}

export interface AccessEntry {
  operation: AccessOperation;
  /** Whose trail it joins; the actor's organization unless given. */
  organizationId?: number | null;
  patientIds?: readonly number[];
  resourceType?: string;
  resourceIds?: readonly (number | string)[];
  /** For a list or an export, the filter it was asked for, as the request gave it; for a change, what changed. */
  details?: unknown;
  rowCount?: number;
  /** The signed-in caller of the request unless given (a login has none yet). */
  actor?: AuditActor;
}

/** The signed-in person or super-admin the request's access check let through. */
function callerOf(request: FastifyRequest): AuditActor {
  if (request.person) {
    return {
      userId: request.person.userId,
      role: request.person.authorities,
      organizationId: request.person.organizationId,
    };
  }
  if (request.superAdmin)
    return { userId: request.superAdmin.userId, role: 'ROLE_ADMIN', organizationId: null };
  return { userId: null, role: null, organizationId: null };
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)];

const batchesOf = new WeakMap<Kysely<Database>, AccessEntryBatches>();

function entryBatches(db: Kysely<Database>): AccessEntryBatches {
  let batches = batchesOf.get(db);
  if (!batches) batchesOf.set(db, (batches = new AccessEntryBatches(db)));
  return batches;
}

/**
 * Writes one entry of the trail, with where the request came from and its id (the `reqId` of the
 * server's log lines). Awaited before the answer is sent: should it fail, the request fails with
 * it, so no read goes unrecorded (ADR 415). Entries of concurrent requests share one insert
 * (ADR 421).
 */
export async function recordAccess(
  db: Kysely<Database>,
  request: FastifyRequest,
  entry: AccessEntry,
): Promise<void> {
  const actor = entry.actor ?? callerOf(request);
  await entryBatches(db).write({
    organization_id: entry.organizationId === undefined ? actor.organizationId : entry.organizationId,
    actor_user_id: actor.userId,
    actor_role: actor.role,
    actor_organization_id: actor.organizationId,
    operation: entry.operation,
    patient_ids: distinct(entry.patientIds ?? []),
    resource_type: entry.resourceType ?? null,
    resource_ids: distinct(entry.resourceIds ?? []).map(String),
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
    row_count: entry.rowCount ?? null,
    ip: request.ip,
    user_agent: request.headers['user-agent'] ?? null,
    request_id: request.id,
  });
}

/**
 * A read of patients' data, recorded when the caller is staff: a patient reading their own data
 * is not an access the trail is for.
 */
export async function recordStaffRead(
  db: Kysely<Database>,
  request: FastifyRequest,
  entry: AccessEntry,
): Promise<void> {
  if (request.person && isPlainPatient(request.person.authorities)) return;
  await recordAccess(db, request, entry);
}
