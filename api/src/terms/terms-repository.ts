import { sql, type Kysely } from 'kysely';
import { TERMS_TIME_ZONE } from '@formularze/domain/schemas/terms';
import { liveTermsWithAcceptance, TERMS_COLUMNS } from '../accounts/current-terms';
import type { Database } from '../db/schema';

/**
 * Records that `userId` accepts `termsId`. False when a live acceptance already exists, also when
 * two requests race (the partial unique index decides).
 */
export async function acceptTerms(
  db: Kysely<Database>,
  { userId, termsId }: { userId: number; termsId: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, terms_id: termsId })
    .onConflict((oc) => oc.columns(['user_id', 'terms_id']).where('revoked_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The day a stored `active_since` falls on in Poland. */
const warsawDay = sql<string>`(t.active_since at time zone ${sql.lit(TERMS_TIME_ZONE)})::date`;

/** Every document of the organization, removed ones included, newest start first. */
export async function listOrganizationTerms(db: Kysely<Database>, organizationId: number) {
  return db
    .selectFrom('terms as t')
    .select(TERMS_COLUMNS)
    .select((eb) =>
      eb
        .exists(eb.selectFrom('terms_acceptances as a').select('a.id').whereRef('a.terms_id', '=', 't.id'))
        .$castTo<boolean>()
        .as('used'),
    )
    .where('t.organization_id', '=', organizationId)
    .orderBy('t.active_since', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** Whether a live document of the organization starts on `day` (YYYY-MM-DD, in Poland). */
export async function hasLiveTermsStartingOn(
  db: Kysely<Database>,
  { organizationId, day }: { organizationId: number; day: string },
): Promise<boolean> {
  const found = await db
    .selectFrom('terms as t')
    .select('t.id')
    .where('t.organization_id', '=', organizationId)
    .where('t.removed_at', 'is', null)
    .where(warsawDay, '=', sql<string>`${day}::date`)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * A new document in force from the start of `day` in Poland. Two uploads for one day race into
 * the unique index on (organization, active_since) of live documents: the second one fails.
 */
export async function insertTerms(
  db: Kysely<Database>,
  {
    organizationId,
    name,
    filePath,
    day,
  }: { organizationId: number; name: string; filePath: string; day: string },
) {
  return db
    .insertInto('terms')
    .values({
      organization_id: organizationId,
      name,
      file_path: filePath,
      active_since: sql<Date>`(${day}::date)::timestamp at time zone ${sql.lit(TERMS_TIME_ZONE)}`,
    })
    .returning(['id', 'name', 'file_path', 'active_since', 'removed_at'])
    .executeTakeFirstOrThrow();
}

export type TermsRemoval = 'removed' | 'not-found' | 'used';

/**
 * Marks a live, never accepted document of the organization removed. Acceptances point at their
 * document, revoked ones too, so a document anybody ever accepted stays.
 */
export async function removeUnusedTerms(
  db: Kysely<Database>,
  { organizationId, termsId }: { organizationId: number; termsId: number },
): Promise<TermsRemoval> {
  const removed = await db
    .updateTable('terms as t')
    .set({ removed_at: sql`now()` })
    .where('t.id', '=', termsId)
    .where('t.organization_id', '=', organizationId)
    .where('t.removed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('terms_acceptances as a').select('a.id').whereRef('a.terms_id', '=', 't.id')),
      ),
    )
    .returning('t.id')
    .executeTakeFirst();
  if (removed) return 'removed';
  const live = await findTermsOfOrganization(db, { organizationId, termsId });
  return live && live.removed_at === null ? 'used' : 'not-found';
}

/** One document of the organization, whatever its state. */
export async function findTermsOfOrganization(
  db: Kysely<Database>,
  { organizationId, termsId }: { organizationId: number; termsId: number },
) {
  return db
    .selectFrom('terms as t')
    .select(TERMS_COLUMNS)
    .where('t.id', '=', termsId)
    .where('t.organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The organization's live documents that start after `at`, soonest first, and whether `userId` accepted each. */
export async function findFutureTerms(
  db: Kysely<Database>,
  { organizationId, userId, at = new Date() }: { organizationId: number; userId: number; at?: Date },
) {
  return liveTermsWithAcceptance(db, organizationId, userId)
    .where('t.active_since', '>', at)
    .orderBy('t.active_since', 'asc')
    .execute();
}

/** The person's live (not revoked) acceptances with their documents, latest acceptance first. */
export async function findLiveAcceptances(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('terms_acceptances as a')
    .innerJoin('terms as t', 't.id', 'a.terms_id')
    .select(TERMS_COLUMNS)
    .select(['a.accepted_at', 'a.revoked_at'])
    .where('a.user_id', '=', userId)
    .where('a.revoked_at', 'is', null)
    .orderBy('a.accepted_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export type AcceptanceRevocation = 'revoked' | 'already-revoked' | 'never-accepted';

/** Revokes the person's live acceptance of a document; the row stays as history. */
export async function revokeAcceptance(
  db: Kysely<Database>,
  { userId, termsId }: { userId: number; termsId: number },
): Promise<AcceptanceRevocation> {
  const revoked = await db
    .updateTable('terms_acceptances')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('terms_id', '=', termsId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (revoked) return 'revoked';
  const earlier = await db
    .selectFrom('terms_acceptances')
    .select('id')
    .where('user_id', '=', userId)
    .where('terms_id', '=', termsId)
    .executeTakeFirst();
  return earlier ? 'already-revoked' : 'never-accepted';
}
