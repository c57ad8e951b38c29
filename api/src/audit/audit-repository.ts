import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  PATIENT_DATA_OPERATIONS,
  PLATFORM_OPERATIONS,
  type AccessAuditEntry,
  type AccessAuditFilter,
  type MyDataViewer,
  type PlatformEvent,
  type PlatformEventsFilter,
} from '@formularze/domain/schemas/access-audit';
import type { PageRequest } from '@formularze/domain/schemas/paging';
import type { Database } from '../db/schema';

/** Whose trail: an organization's, or the platform's own events (no organization). */
export type Trail = { organizationId: number } | 'platform';

function entriesOf(db: Kysely<Database>, trail: Trail, filter: AccessAuditFilter) {
  return db
    .selectFrom('access_audit as a')
    .$if(trail === 'platform', (query) => query.where('a.organization_id', 'is', null))
    .$if(trail !== 'platform', (query) =>
      query.where('a.organization_id', '=', (trail as { organizationId: number }).organizationId),
    )
    .$if(filter.patientId !== undefined, (query) =>
      query.where(sql<boolean>`a.patient_ids @> array[${filter.patientId}]::integer[]`),
    )
    .$if(filter.actorId !== undefined, (query) => query.where('a.actor_user_id', '=', filter.actorId!))
    .$if(filter.operation !== undefined, (query) => query.where('a.operation', '=', filter.operation!))
    .$if(filter.from !== undefined, (query) => query.where('a.occurred_at', '>=', new Date(filter.from!)))
    .$if(filter.to !== undefined, (query) => query.where('a.occurred_at', '<', new Date(filter.to!)));
}

type Entries = ReturnType<typeof entriesOf>;

function withActor<O>(query: SelectQueryBuilder<Database & { a: Database['access_audit'] }, 'a', O>) {
  return query
    .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.actor_user_id',
      'a.actor_role',
      'a.operation',
      'a.patient_ids',
      'a.resource_type',
      'a.resource_ids',
      'a.details',
      'a.row_count',
      'a.ip',
      'a.user_agent',
      'a.request_id',
      sql<string | null>`nullif(trim(concat_ws(' ', actor.first_name, actor.surname)), '')`.as('actor_name'),
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof withActor>['execute']>>[number];

const toEntry = (row: EntryRow): AccessAuditEntry => ({
  id: Number(row.id),
  occurredAt: new Date(row.occurred_at).toISOString(),
  actor:
    row.actor_user_id === null ? null : { id: row.actor_user_id, role: row.actor_role, name: row.actor_name },
  operation: row.operation,
  patientIds: row.patient_ids,
  resourceType: row.resource_type,
  resourceIds: row.resource_ids,
  details: row.details ?? null,
  rowCount: row.row_count,
  ip: row.ip,
  userAgent: row.user_agent,
  requestId: row.request_id,
});

async function pageOf(entries: Entries, page: PageRequest<'occurredAt'>) {
  const direction = page.sort.descending ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    withActor(entries)
      .orderBy('a.occurred_at', direction)
      .orderBy('a.id', direction)
      .limit(page.pageSize)
      .offset(page.page * page.pageSize)
      .execute(),
    entries.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(toEntry), totalElements: total.total, page: page.page, pageSize: page.pageSize };
}

/** A page of a trail, newest first unless asked otherwise. */
export function trailPage(
  db: Kysely<Database>,
  trail: Trail,
  filter: AccessAuditFilter,
  page: PageRequest<'occurredAt'>,
) {
  return pageOf(entriesOf(db, trail, filter), page);
}

/** The largest export of a trail; a longer period is exported in parts. */
export const TRAIL_EXPORT_LIMIT = 100_000;

/** Every entry of a trail the filter keeps, newest first, up to TRAIL_EXPORT_LIMIT. */
export async function trailEntries(
  db: Kysely<Database>,
  trail: Trail,
  filter: AccessAuditFilter,
): Promise<AccessAuditEntry[]> {
  const rows = await withActor(entriesOf(db, trail, filter))
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(TRAIL_EXPORT_LIMIT)
    .execute();
  return rows.map(toEntry);
}

/**
 * Who at the organization read or changed `patientId`'s data, newest first: staff only (the
 * patient's own reads are not recorded), never from where.
 */
export async function viewersOf(
  db: Kysely<Database>,
  { organizationId, patientId }: { organizationId: number; patientId: number },
  page: PageRequest<'occurredAt'>,
): Promise<{ content: MyDataViewer[]; totalElements: number; page: number; pageSize: number }> {
  const entries = entriesOf(db, { organizationId }, { patientId })
    .where('a.operation', 'in', PATIENT_DATA_OPERATIONS)
    .where('a.actor_user_id', 'is not', null)
    .where('a.actor_user_id', '!=', patientId);
  const found = await pageOf(entries, page);
  return {
    ...found,
    content: found.content.map((entry) => ({
      occurredAt: entry.occurredAt,
      viewer: entry.actor!,
      operation: entry.operation,
    })),
  };
}

/**
 * The super-admin's platform events (ADR 418), across organizations: sign-ins, sign-outs and
 * lockouts, changes of roles and API keys; never an operation on a patient's data, and never a
 * patient's own sign-in or lockout (an actor with the patient's role and no staff role). An event
 * names no patient: its patients and the ids of the accounts it changed stay out.
 */
export async function platformEventsPage(
  db: Kysely<Database>,
  filter: PlatformEventsFilter,
  page: PageRequest<'occurredAt'>,
): Promise<{ content: PlatformEvent[]; totalElements: number; page: number; pageSize: number }> {
  const role = sql<string>`coalesce(a.actor_role, '')`;
  const events = db
    .selectFrom('access_audit as a')
    .where('a.operation', 'in', PLATFORM_OPERATIONS)
    .where(
      sql<boolean>`not (${role} like '%ROLE_USER%' and ${role} not like '%ROLE_EDITOR%' and ${role} not like '%ROLE_OWNER%' and ${role} not like '%ROLE_ADMIN%')`,
    )
    .$if(filter.organizationId !== undefined, (query) =>
      query.where('a.organization_id', '=', filter.organizationId!),
    )
    .$if(filter.operation !== undefined, (query) => query.where('a.operation', '=', filter.operation!))
    .$if(filter.from !== undefined, (query) => query.where('a.occurred_at', '>=', new Date(filter.from!)))
    .$if(filter.to !== undefined, (query) => query.where('a.occurred_at', '<', new Date(filter.to!)));
  const direction = page.sort.descending ? 'desc' : 'asc';
  const [rows, total] = await Promise.all([
    events
      .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .select([
        'a.id',
        'a.occurred_at',
        'a.organization_id',
        'o.name as organization_name',
        'a.actor_user_id',
        'a.actor_role',
        'a.operation',
        'a.resource_type',
        'a.resource_ids',
        'a.details',
        'a.ip',
        'a.user_agent',
        'a.request_id',
        sql<string | null>`nullif(trim(concat_ws(' ', actor.first_name, actor.surname)), '')`.as(
          'actor_name',
        ),
      ])
      .orderBy('a.occurred_at', direction)
      .orderBy('a.id', direction)
      .limit(page.pageSize)
      .offset(page.page * page.pageSize)
      .execute(),
    events.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      occurredAt: new Date(row.occurred_at).toISOString(),
      organization:
        row.organization_id === null ? null : { id: row.organization_id, name: row.organization_name },
      actor:
        row.actor_user_id === null
          ? null
          : { id: row.actor_user_id, role: row.actor_role, name: row.actor_name },
      operation: row.operation,
      resourceType: row.resource_type,
      // A changed account may be a patient's: the platform's view names organizations and keys only.
      resourceIds: row.resource_type === 'user' ? [] : row.resource_ids,
      details: row.details ?? null,
      ip: row.ip,
      userAgent: row.user_agent,
      requestId: row.request_id,
    })),
    totalElements: total.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
