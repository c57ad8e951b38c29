import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { apiError } from '@formularze/domain/schemas';
import {
  accessAuditPage,
  accessAuditQuery,
  myDataViewersPage,
  myDataViewersQuery,
  operationLabel,
  platformEventsPage,
  platformEventsQuery,
  type AccessAuditEntry,
  type AccessAuditQuery,
} from '@formularze/domain/schemas/access-audit';
import { pageRequest } from '@formularze/domain/schemas/paging';
import { AppError } from '../core/errors';
import type { Database } from '../db/schema';
import { recordAccess } from './access-audit';
import { platformEventsPage as platformEvents, trailEntries, trailPage, viewersOf } from './audit-repository';

const tags = ['access audit'];
const refusals = { 400: apiError, 404: apiError };
/** The file the trail's export downloads as. */
export const ACCESS_AUDIT_CSV_FILE_NAME = 'dziennik-dostepu.csv';

/** The organization of the signed-in caller (the access check let a person through). */
function organizationOf(request: FastifyRequest): number {
  const organizationId = request.person?.organizationId;
  if (organizationId === undefined || organizationId === null) {
    throw new AppError(404, 'Nie znaleziono organizacji', 'not-found');
  }
  return organizationId;
}

/** A query's filter: what is left without its paging. */
const withoutPaging = <Query extends { page?: unknown; pageSize?: unknown; sortBy?: unknown }>({
  page: _page,
  pageSize: _pageSize,
  sortBy: _sortBy,
  ...filter
}: Query) => filter;
const filterOf = (query: AccessAuditQuery) => withoutPaging(query);

const CSV_HEADER = [
  'Czas',
  'Kto',
  'Rola',
  'Operacja',
  'Pacjenci',
  'Zasób',
  'Szczegóły',
  'Liczba wierszy',
  'Adres IP',
  'Przeglądarka',
  'Identyfikator żądania',
];

/** Text a spreadsheet would read as a formula gets a leading apostrophe (OWASP "CSV injection"). */
const cell = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : (text ?? ''));

function csvOf(entries: AccessAuditEntry[]): string {
  const rows = entries.map((entry) => [
    entry.occurredAt,
    cell(entry.actor?.name ?? (entry.actor ? String(entry.actor.id) : null)),
    cell(entry.actor?.role ?? null),
    operationLabel(entry.operation),
    entry.patientIds.join(' '),
    entry.resourceType ? cell(`${entry.resourceType} ${entry.resourceIds.join(' ')}`) : '',
    entry.details === null ? '' : cell(JSON.stringify(entry.details)),
    entry.rowCount === null ? '' : String(entry.rowCount),
    cell(entry.ip),
    cell(entry.userAgent),
    cell(entry.requestId),
  ]);
  return stringify([CSV_HEADER, ...rows], { delimiter: ';', record_delimiter: 'windows', bom: true });
}

/**
 * The access audit trail's screens (ADR 415): the owner's "Dziennik dostępu" with its CSV export
 * (itself recorded), a patient's "Kto przeglądał moje dane", and the super-admin's platform events,
 * which hold no organization's entries.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const ownerAccess = { permission: 'access-log:view' } as const;
  const page = (query: AccessAuditQuery) => pageRequest(query, '-occurredAt');

  app.get(
    '/api/access_audit',
    {
      config: { access: ownerAccess },
      schema: { tags, querystring: accessAuditQuery, response: { 200: accessAuditPage, ...refusals } },
    },
    async (request) =>
      trailPage(
        db,
        { organizationId: organizationOf(request) },
        filterOf(request.query),
        page(request.query),
      ),
  );

  app.get(
    '/api/access_audit/csv',
    {
      config: { access: ownerAccess },
      // No response schema: the body is the file.
      schema: { tags, querystring: accessAuditQuery },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const filter = filterOf(request.query);
      const entries = await trailEntries(db, { organizationId }, filter);
      await recordAccess(db, request, {
        operation: 'audit.export',
        patientIds: entries.flatMap((entry) => entry.patientIds),
        resourceType: 'access_audit',
        details: filter,
        rowCount: entries.length,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ACCESS_AUDIT_CSV_FILE_NAME}"`)
        .send(csvOf(entries));
    },
  );

  app.get(
    '/api/persons/my/data_views',
    {
      config: { access: 'session' },
      schema: { tags, querystring: myDataViewersQuery, response: { 200: myDataViewersPage, ...refusals } },
    },
    async (request) => {
      const patientId = request.person!.userId;
      return viewersOf(db, { organizationId: organizationOf(request), patientId }, page(request.query));
    },
  );

  // The platform's events across organizations, never a patient's data (ADR 418).
  app.get(
    '/api/admin/access_audit',
    {
      config: { access: 'super-admin' },
      schema: { tags, querystring: platformEventsQuery, response: { 200: platformEventsPage, ...refusals } },
    },
    async (request) => {
      return platformEvents(db, withoutPaging(request.query), pageRequest(request.query, '-occurredAt'));
    },
  );
};
