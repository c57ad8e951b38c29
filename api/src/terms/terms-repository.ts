import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const TERMS_COLUMNS = ['t.id', 't.name', 't.file_path', 't.active_since', 't.removed_at'] as const;

/**
 * The organization's terms in force at `at`, and whether `userId` has a live (not revoked)
 * acceptance of them. The current terms are the live terms with the latest `active_since` not
 * after `at`; terms that start later are future terms.
 */
export async function findCurrentTerms(
  db: Kysely<Database>,
  { organizationId, userId, at = new Date() }: { organizationId: number; userId: number; at?: Date },
) {
  return db
    .selectFrom('terms as t')
    .select(TERMS_COLUMNS)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('terms_acceptances as a')
            .select('a.id')
            .whereRef('a.terms_id', '=', 't.id')
            .where('a.user_id', '=', userId)
            .where('a.revoked_at', 'is', null),
        )
        .$castTo<boolean>()
        .as('accepted'),
    )
    .where('t.organization_id', '=', organizationId)
    .where('t.removed_at', 'is', null)
    .where('t.active_since', '<=', at)
    .orderBy('t.active_since', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type TermsRow = NonNullable<Awaited<ReturnType<typeof findCurrentTerms>>>;

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
