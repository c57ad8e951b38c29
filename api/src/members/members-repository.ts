import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { MemberRole, MembersSort, MembersSortKey } from '@formularze/domain/schemas/members';
import type { PersonAddress } from '@formularze/domain/schemas/profile';
import type { Database } from '../db/schema';
import { runAsSystem } from '../db/tenant-scope';

type Db = Kysely<Database> | Transaction<Database>;

const MEMBER_COLUMNS = [
  'u.id',
  'u.organization_id',
  'u.first_name',
  'u.surname',
  'u.email',
  'u.phone',
  'u.title',
  'u.description',
  'u.gender',
  'u.year_of_birth',
  'u.address',
  'u.hospital_identifier',
  'u.enable_profile_data_edition',
  'u.authorities',
  'u.activated',
  'u.removed_at',
  'u.created_at',
] as const;

/**
 * The live members of one organization: never removed people, never the platform's super-admins
 * (who belong to no organization, and are left out by role as well).
 */
function membersOf(db: Db, organizationId: number) {
  return db
    .selectFrom('users as u')
    .where('u.organization_id', '=', organizationId)
    .where('u.removed_at', 'is', null)
    .where('u.authorities', 'not like', '%ROLE_ADMIN%');
}

/** `user.authorities` sorts by rank (Administrator, Lekarz, Pacjent), not by the role names' letters. */
const roleRank = sql<number>`case when u.authorities like '%ROLE_OWNER%' then 0 when u.authorities like '%ROLE_EDITOR%' then 1 else 2 end`;

const SORT_COLUMNS: Record<MembersSortKey, Expression<unknown>> = {
  'user.authorities': roleRank,
  createdAt: sql.ref('u.created_at'),
  surname: sql`lower(u.surname)`,
  firstName: sql`lower(u.first_name)`,
  mail: sql.ref('u.email'),
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface MembersFilter {
  role?: MemberRole;
  /** Matched case-insensitively against the names, the full name, the logins and the hospital identifier. */
  property?: string;
}

export async function listMembers(
  db: Db,
  organizationId: number,
  {
    filter,
    sort,
    page,
    pageSize,
  }: { filter: MembersFilter; sort: MembersSort[]; page?: number; pageSize?: number },
) {
  let query = membersOf(db, organizationId);
  if (filter.role) query = query.where('u.authorities', 'like', `%${filter.role}%`);
  // ROLE_OWNER is no substring of ROLE_USER and vice versa; only the patients' filter must leave staff out.
  if (filter.role === 'ROLE_USER') {
    query = query
      .where('u.authorities', 'not like', '%ROLE_OWNER%')
      .where('u.authorities', 'not like', '%ROLE_EDITOR%');
  }
  if (filter.property) {
    const pattern = likePattern(filter.property);
    query = query.where((eb) =>
      eb.or([
        eb('u.first_name', 'ilike', pattern),
        eb('u.surname', 'ilike', pattern),
        eb(sql<string>`concat_ws(' ', u.first_name, u.surname)`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('u.phone', 'ilike', pattern),
        eb('u.hospital_identifier', 'ilike', pattern),
      ]),
    );
  }
  const { total } = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  let pageQuery = query.select(MEMBER_COLUMNS);
  for (const { key, descending } of sort) {
    pageQuery = pageQuery.orderBy(SORT_COLUMNS[key], (ob) => (descending ? ob.desc() : ob.asc()).nullsLast());
  }
  const rows = await pageQuery
    .orderBy('u.id')
    .$if(pageSize !== undefined, (paged) => paged.limit(pageSize!).offset((page ?? 0) * pageSize!))
    .execute();
  return { rows, total: Number(total) };
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>['rows'][number];

export function findMember(db: Db, organizationId: number, userId: number, { forUpdate = false } = {}) {
  let query = membersOf(db, organizationId).select(MEMBER_COLUMNS).where('u.id', '=', userId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The live (not revoked) acceptances of these people, with their terms, oldest first. */
export async function liveAcceptances(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('terms_acceptances as a')
    .innerJoin('terms as t', 't.id', 'a.terms_id')
    .select(['a.user_id', 'a.revoked_at', 't.id', 't.name', 't.file_path', 't.active_since', 't.removed_at'])
    .where('a.user_id', 'in', userIds)
    .where('a.revoked_at', 'is', null)
    .orderBy('t.active_since')
    .execute();
}

export interface Identifiers {
  email?: string | null;
  phone?: string | null;
  hospitalIdentifier?: string | null;
}

/**
 * Who else holds one of these identifiers: a live login anywhere on the platform (logins are
 * global) or a hospital identifier of a live member of `organizationId`. `exceptUserId` leaves the
 * edited person out. Looks across organizations (system scope), so give it the database, not a
 * transaction of the caller's organization; callers tell only that a login is taken.
 */
export function identifierHolders(
  db: Db,
  organizationId: number,
  { email, phone, hospitalIdentifier }: Identifiers,
  exceptUserId?: number,
) {
  if (!email && !phone && !hospitalIdentifier) return Promise.resolve([]);
  let query = db
    .selectFrom('users as u')
    .select(MEMBER_COLUMNS)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (email) conditions.push(eb('u.email', '=', email));
      if (phone) conditions.push(eb('u.phone', '=', phone));
      if (hospitalIdentifier) {
        conditions.push(
          eb.and([
            eb('u.hospital_identifier', '=', hospitalIdentifier),
            eb('u.organization_id', '=', organizationId),
            eb('u.removed_at', 'is', null),
          ]),
        );
      }
      return eb.or(conditions);
    });
  if (exceptUserId !== undefined) query = query.where('u.id', '!=', exceptUserId);
  return runAsSystem(() => query.orderBy('u.id').execute());
}

export interface MemberData {
  firstName: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  hospitalIdentifier: string | null;
  title: string | null;
  description: string | null;
  gender: 'Female' | 'Male' | null;
  address: PersonAddress;
  enableProfileDataEdition: boolean;
}

const memberColumns = (data: MemberData) => ({
  first_name: data.firstName,
  surname: data.surname,
  email: data.email,
  phone: data.phone,
  hospital_identifier: data.hospitalIdentifier,
  title: data.title,
  description: data.description,
  gender: data.gender,
  address: JSON.stringify(data.address),
  enable_profile_data_edition: data.enableProfileDataEdition,
});

export async function insertMember(
  db: Db,
  organizationId: number,
  { role, passwordHash, ...data }: MemberData & { role: MemberRole; passwordHash: string },
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      ...memberColumns(data),
      organization_id: organizationId,
      authorities: role,
      password_hash: passwordHash,
      // Added by the organization itself: nothing left to approve.
      activated: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateMember(db: Db, userId: number, data: MemberData): Promise<void> {
  await db.updateTable('users').set(memberColumns(data)).where('id', '=', userId).execute();
}

export async function activateMember(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ activated: true }).where('id', '=', userId).execute();
}

/** The row stays (filled data points at it); its logins move aside so they can be used again. */
export async function markMemberRemoved(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      removed_at: at,
      removed_email: eb.ref('email'),
      removed_phone: eb.ref('phone'),
      email: null,
      phone: null,
    }))
    .where('id', '=', userId)
    .execute();
}

export function findOrganizationName(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
    .then((row) => row.name);
}

/**
 * The active forms this person may fill today or later (an assignment without an end, or ending
 * today or after): what removing a patient takes away from the organization's running forms.
 */
export function activeFormsOf(db: Db, organizationId: number, userId: number, today: string) {
  return db
    .selectFrom('forms as f')
    .innerJoin('form_access as a', 'a.form_id', 'f.id')
    .select(['f.id', 'f.name'])
    .where('f.organization_id', '=', organizationId)
    .where('f.status', '=', 'ACTIVE')
    .where('f.removed_at', 'is', null)
    .where('a.user_id', '=', userId)
    .where((eb) => eb.or([eb('a.valid_to', 'is', null), eb('a.valid_to', '>=', today)]))
    .orderBy('f.name')
    .orderBy('f.id')
    .execute();
}
