import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordStaffRead } from '../audit/access-audit';
import type { Database } from '../db/schema';

/**
 * A staff read of one page of a patients' grid (adherence, score trends) of a form or project, in
 * the access trail with the screen's query.
 */
export function recordGridPageRead(
  db: Kysely<Database>,
  request: FastifyRequest,
  {
    resource,
    rows,
  }: { resource: { type: 'form' | 'project'; id: number }; rows: readonly { person: { id: number } }[] },
): Promise<void> {
  return recordStaffRead(db, request, {
    operation: 'results.list',
    patientIds: rows.map((row) => row.person.id),
    resourceType: resource.type,
    resourceIds: [resource.id],
    details: request.query,
    rowCount: rows.length,
  });
}
