import type { Kysely } from 'kysely';
import type { AppConfig } from '@formularze/domain/schemas';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';

/**
 * `GET /api/config` as a guest sees it; the shell also receives it inline in index.html. Flags that
 * depend on the organization (scheduled forms) come with a signed-in request once forms exist.
 */
export async function appConfigFor(db: Kysely<Database>, config: Config): Promise<AppConfig> {
  const joinable = await db
    .selectFrom('organizations')
    .select('id')
    .where('enable_self_registration', '=', true)
    .limit(1)
    .executeTakeFirst();
  return {
    hasAnyJoinableOrganization: joinable !== undefined,
    // Global terms arrive with a later feature; until then none has to be accepted.
    requireGlobalTosAcceptance: false,
    // Forms do not exist yet, so no organization can have exactly one scheduled form.
    hasSingleScheduledForm: false,
    singleScheduledFormId: null,
    autoLogoutEnabled: config.autoLogout,
  };
}
