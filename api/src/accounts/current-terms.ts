/** The terms a person must have accepted: the session guard and the terms pages both ask. */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, TermsAcceptancesTable, TermsTable } from '../db/schema';

export const TERMS_COLUMNS = ['t.id', 't.name', 't.file_path', 't.active_since', 't.removed_at'] as const;

/** Whether `userId` has a live (not revoked) acceptance of the document `t`. */
export function liveAcceptanceOf(
  eb: ExpressionBuilder<{ t: TermsTable; terms_acceptances: TermsAcceptancesTable }, 't'>,
  userId: number,
) {
  return eb
    .exists(
      eb
        .selectFrom('terms_acceptances as a')
        .select('a.id')
        .whereRef('a.terms_id', '=', 't.id')
        .where('a.user_id', '=', userId)
        .where('a.revoked_at', 'is', null),
    )
    .$castTo<boolean>();
}

/** The organization's live (not removed) documents, each with whether `userId` has a live acceptance of it. */
export function liveTermsWithAcceptance(db: Kysely<Database>, organizationId: number, userId: number) {
  return db
    .selectFrom('terms as t')
    .select(TERMS_COLUMNS)
    .select((eb) => liveAcceptanceOf(eb, userId).as('accepted'))
    .where('t.organization_id', '=', organizationId)
    .where('t.removed_at', 'is', null);
}

/**
 * The organization's terms in force at `at`, and whether `userId` has a live (not revoked)
 * acceptance of them. The current terms are the live terms with the latest `active_since` not
 * after `at`; terms that start later are future terms.
 */
export async function findCurrentTerms(
  db: Kysely<Database>,
  { organizationId, userId, at = new Date() }: { organizationId: number; userId: number; at?: Date },
) {
  return liveTermsWithAcceptance(db, organizationId, userId)
    .where('t.active_since', '<=', at)
    .orderBy('t.active_since', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type TermsRow = NonNullable<Awaited<ReturnType<typeof findCurrentTerms>>>;
