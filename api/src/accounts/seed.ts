import { sql, type Kysely } from 'kysely';
import { hashPassword } from './passwords';
import type { Database } from '../db/schema';
import { runAsSystem } from '../db/tenant-scope';

export const DEMO_ORGANIZATION = 'Demo';
/** Serialises the seeding of API processes that start together (any constant unique to this use). */
const SEED_LOCK_KEY = 4_201_750_001;
/** The demo organization's project: a form needs one to be activated (§4). */
export const DEMO_PROJECT = 'Projekt demonstracyjny';

/** One account per role, so every screen can be tried right after the first start. */
export const DEMO_ACCOUNTS = [
  {
    email: 'owner@demo.local',
    authorities: 'ROLE_OWNER',
    firstName: 'Anna',
    surname: 'Nowak',
    inOrganization: true,
  },
  {
    email: 'lekarz@demo.local',
    authorities: 'ROLE_EDITOR',
    firstName: 'Jan',
    surname: 'Kowalski',
    inOrganization: true,
  },
  {
    email: 'pacjent@demo.local',
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    firstName: 'Maria',
    surname: 'Wiśniewska',
    inOrganization: true,
  },
  {
    email: 'admin@demo.local',
    authorities: 'ROLE_ADMIN',
    firstName: 'Admin',
    surname: 'Platformy',
    inOrganization: false,
  },
] as const;

export interface SeedOptions {
  password: string;
  /** Deletes the demo organization, its members and the demo super-admin first, then recreates them. */
  reset?: boolean;
}

/**
 * Creates the demo organization, its project and accounts in a database without organizations. Without
 * `reset` it never touches a database that already has data, so it can run on every start.
 */
export function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<{ created: boolean }> {
  // Cross-tenant by nature: it looks for any organization and replaces the demo one.
  return runAsSystem(() => seedDemoData(db, options));
}

async function seedDemoData(
  db: Kysely<Database>,
  { password, reset = false }: SeedOptions,
): Promise<{ created: boolean }> {
  if (!reset && (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst())) {
    return { created: false };
  }
  // Every demo account has the same documented password: one (slow, salted) hash serves them all.
  const passwordHash = await hashPassword(password);
  const created = await db.transaction().execute(async (trx) => {
    // API processes started together on an empty database: one seeds, the others then find its data.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (!reset && (await trx.selectFrom('organizations').select('id').limit(1).executeTakeFirst())) {
      return false;
    }
    if (reset) await deleteDemo(trx);
    const organization = await trx
      .insertInto('organizations')
      .values({ name: DEMO_ORGANIZATION, enable_self_registration: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          organization_id: account.inOrganization ? organization.id : null,
          email: account.email,
          phone: 'phone' in account ? account.phone : null,
          password_hash: passwordHash,
          authorities: account.authorities,
          first_name: account.firstName,
          surname: account.surname,
          activated: true,
        })),
      )
      .execute();
    await trx
      .insertInto('form_groups')
      .values({ organization_id: organization.id, name: DEMO_PROJECT })
      .execute();
    return true;
  });
  return { created };
}

async function deleteDemo(trx: Kysely<Database>): Promise<void> {
  const demo = await trx
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', DEMO_ORGANIZATION)
    .executeTakeFirst();
  // Sessions go with their users (on delete cascade).
  await trx
    .deleteFrom('users')
    .where((eb) =>
      eb.or([
        eb(
          'email',
          'in',
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
        ...(demo ? [eb('organization_id', '=', demo.id)] : []),
      ]),
    )
    .execute();
  if (demo) await trx.deleteFrom('organizations').where('id', '=', demo.id).execute();
}
