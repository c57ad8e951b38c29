import { sql, type Kysely } from 'kysely';
import type { JoinableTerms, OrganizationName } from '@formularze/domain/schemas/registration';
import type { Database } from '../db/schema';
import { termsLink } from '../terms/terms-routes';

/**
 * The current terms of each organization in `organizationIds`: its live terms with the latest
 * `active_since` not after now (the same rule as terms/terms-repository.ts).
 */
async function currentTermsByOrganization(
  db: Kysely<Database>,
  organizationIds: number[],
): Promise<Map<number, JoinableTerms>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('terms')
    .distinctOn('organization_id')
    .select(['id', 'organization_id', 'name', 'file_path'])
    .where('organization_id', 'in', organizationIds)
    .where('removed_at', 'is', null)
    .where('active_since', '<=', new Date())
    .orderBy('organization_id')
    .orderBy('active_since', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [row.organization_id, { id: row.id, name: row.name, link: termsLink(row.file_path) }]),
  );
}

/** Organizations that accept self-registration, by name, with what their join form must ask. */
export async function listJoinableOrganizations(db: Kysely<Database>): Promise<OrganizationName[]> {
  const organizations = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'enable_code_registration'])
    .where('enable_self_registration', '=', true)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const terms = await currentTermsByOrganization(
    db,
    organizations.map((organization) => organization.id),
  );
  return organizations.map((organization) => ({
    id: organization.id,
    orgName: organization.name,
    enableCodeRegistration: organization.enable_code_registration,
    currentTerms: terms.get(organization.id) ?? null,
  }));
}

/** An organization a patient may join by themselves, with its current terms; undefined otherwise. */
export async function findJoinableOrganization(db: Kysely<Database>, id: number) {
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'enable_code_registration', 'org_code', 'enable_user_activation'])
    .where('id', '=', id)
    .where('enable_self_registration', '=', true)
    .executeTakeFirst();
  if (!organization) return undefined;
  const terms = await currentTermsByOrganization(db, [id]);
  return { ...organization, currentTerms: terms.get(id) ?? null };
}

export function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  return db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** Names are unique regardless of letter case: "Demo" and "demo" would confuse patients choosing one. */
export function organizationNameTaken(db: Kysely<Database>, name: string): Promise<boolean> {
  return db
    .selectFrom('organizations')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** PostgreSQL's unique_violation, with the constraint that refused the row (pg and PGlite alike). */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' ? { constraint: typeof constraint === 'string' ? constraint : '' } : null;
}
