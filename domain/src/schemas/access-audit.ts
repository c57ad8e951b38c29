import * as z from 'zod/mini';
import { pagedResponse, pagingQuery } from './paging';

/**
 * The access audit trail (ADR 415): who at an organization read or changed a patient's data,
 * signed in or out, was locked out, or changed someone's roles; and what the platform's own
 * accounts did.
 */

/** Reads of a patient's data and changes of it: what "Kto przeglądał moje dane" lists. */
export const PATIENT_DATA_OPERATIONS = [
  'results.list',
  'results.form',
  'results.csv',
  'results.fhir',
  'filled-data.read',
  'person.overview',
  'person.list',
  'person.details',
  'person.change',
  'person.forms',
  'file.download',
] as const;

export const ACCESS_OPERATIONS = [
  ...PATIENT_DATA_OPERATIONS,
  'auth.login',
  'auth.logout',
  'auth.lockout',
  'member.roles',
  'access.change',
  'apikey.create',
  'apikey.revoke',
  'audit.export',
] as const;
export type AccessOperation = (typeof ACCESS_OPERATIONS)[number];

/** How the trail names each operation to the people who read it. */
export const ACCESS_OPERATION_LABELS: Readonly<Record<AccessOperation, string>> = {
  'results.list': 'Lista wyników',
  'results.form': 'Wyniki formularza',
  'results.csv': 'Eksport wyników do CSV',
  'results.fhir': 'Eksport wyników do FHIR',
  'filled-data.read': 'Wypełniony formularz',
  'person.overview': 'Widok pacjenta',
  'person.list': 'Lista osób',
  'person.details': 'Dane osoby',
  'person.change': 'Zmiana danych osoby',
  'person.forms': 'Formularze osoby',
  'file.download': 'Pobranie pliku',
  'auth.login': 'Logowanie',
  'auth.logout': 'Wylogowanie',
  'auth.lockout': 'Blokada konta',
  'member.roles': 'Zmiana ról',
  'access.change': 'Zmiana dostępu do formularzy',
  'apikey.create': 'Utworzenie klucza API',
  'apikey.revoke': 'Usunięcie klucza API',
  'audit.export': 'Eksport dziennika dostępu',
};

/** An operation as the trail names it; its code when this version has no name for it. */
export const operationLabel = (operation: string): string =>
  ACCESS_OPERATION_LABELS[operation as AccessOperation] ?? operation;

const id = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
const moment = z.iso.datetime({ offset: true });
/** A filter's period: `from` inclusive, `to` exclusive. */
const period = { from: z.optional(moment), to: z.optional(moment) };
/** Who did it: their account, their role then, their name. */
const auditedPerson = z.object({
  id: z.number(),
  role: z.nullable(z.string()),
  name: z.nullable(z.string()),
});
/** Where the request came from, for staff and the super-admin only. */
const requestOrigin = {
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
};

export const ACCESS_AUDIT_SORT_KEYS = ['occurredAt'] as const;

/** The owner's filters: a patient, a staff member, an operation, a period (`from` inclusive, `to` exclusive). */
export const accessAuditQuery = z.extend(pagingQuery(ACCESS_AUDIT_SORT_KEYS), {
  patientId: z.optional(id),
  actorId: z.optional(id),
  operation: z.optional(z.enum(ACCESS_OPERATIONS)),
  ...period,
});
export type AccessAuditQuery = z.infer<typeof accessAuditQuery>;
export type AccessAuditFilter = Omit<AccessAuditQuery, 'page' | 'pageSize' | 'sortBy'>;

export const accessAuditEntry = z.object({
  id: z.number(),
  occurredAt: z.string(),
  actor: z.nullable(auditedPerson),
  operation: z.string(),
  patientIds: z.array(z.number()),
  resourceType: z.nullable(z.string()),
  resourceIds: z.array(z.string()),
  /** A list's or an export's filter; for a change, what changed. */
  details: z.unknown(),
  rowCount: z.nullable(z.number()),
  ...requestOrigin,
});
export type AccessAuditEntry = z.infer<typeof accessAuditEntry>;
export const accessAuditPage = pagedResponse(accessAuditEntry);

/** What a patient sees of the reads of their data: who, in which role, what and when; never from where. */
export const myDataViewer = z.object({
  occurredAt: z.string(),
  viewer: auditedPerson,
  operation: z.string(),
});
export type MyDataViewer = z.infer<typeof myDataViewer>;
export const myDataViewersPage = pagedResponse(myDataViewer);
export const myDataViewersQuery = pagingQuery(ACCESS_AUDIT_SORT_KEYS);

/**
 * What the super-admin's "Zdarzenia platformy" shows (ADR 418): sign-ins, sign-outs and lockouts
 * of staff and of the platform's accounts, changes of roles and of what an organization's editors
 * may do, API keys; never a read or change of a patient's data, nor a patient's own sign-in.
 */
export const PLATFORM_OPERATIONS = [
  'auth.login',
  'auth.logout',
  'auth.lockout',
  'member.roles',
  'apikey.create',
  'apikey.revoke',
] as const satisfies readonly AccessOperation[];
export type PlatformOperation = (typeof PLATFORM_OPERATIONS)[number];

/** The super-admin's filters: an organization, an operation, a period (`from` inclusive, `to` exclusive). */
export const platformEventsQuery = z.extend(pagingQuery(ACCESS_AUDIT_SORT_KEYS), {
  organizationId: z.optional(id),
  operation: z.optional(z.enum(PLATFORM_OPERATIONS)),
  ...period,
});
export type PlatformEventsQuery = z.infer<typeof platformEventsQuery>;
export type PlatformEventsFilter = Omit<PlatformEventsQuery, 'page' | 'pageSize' | 'sortBy'>;

/** One platform event: whose organization (none: the platform's own accounts), who, what, from where. */
export const platformEvent = z.object({
  id: z.number(),
  occurredAt: z.string(),
  organization: z.nullable(z.object({ id: z.number(), name: z.nullable(z.string()) })),
  actor: z.nullable(auditedPerson),
  operation: z.string(),
  resourceType: z.nullable(z.string()),
  resourceIds: z.array(z.string()),
  /** What a change of roles changed; never whose data it was. */
  details: z.unknown(),
  ...requestOrigin,
});
export type PlatformEvent = z.infer<typeof platformEvent>;
export const platformEventsPage = pagedResponse(platformEvent);
