import type { Migration, MigrationProvider } from 'kysely/migration';
import * as remoteRegistry from './0001_remote_registry';
import * as accounts from './0002_accounts';
import * as sessionsAndTerms from './0003_sessions_and_terms';
import * as lockoutRecoveryOutbox from './0004_lockout_recovery_outbox';
import * as registration from './0005_registration';
import * as profilesApiKeys from './0006_profiles_api_keys';
import * as remoteFallbackEvents from './0008_remote_fallback_events';
import * as globalConfig from './0007_global_config';
import * as forms from './0010_forms';
import * as members from './0009_members';
import * as filledData from './0011_filled_data';
import * as formGroupDetails from './0012_form_group_details';
import * as uploadedFiles from './0013_uploaded_files';
import * as backgroundJobs from './0014_background_jobs';
import * as cart from './0015_cart';
import * as projectMembers from './0016_project_members';
import * as resultsIndexes from './0017_results_indexes';
import * as rowLevelSecurity from './0018_row_level_security';
import * as outboxSealed from './0019_outbox_sealed';

/** Listed in code rather than read from disk, so the same migrations run from tsx, tests and the CLI. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_remote_registry': remoteRegistry,
  '0002_accounts': accounts,
  '0003_sessions_and_terms': sessionsAndTerms,
  '0004_lockout_recovery_outbox': lockoutRecoveryOutbox,
  '0005_registration': registration,
  '0006_profiles_api_keys': profilesApiKeys,
  '0008_remote_fallback_events': remoteFallbackEvents,
  '0007_global_config': globalConfig,
  '0010_forms': forms,
  '0009_members': members,
  '0011_filled_data': filledData,
  '0012_form_group_details': formGroupDetails,
  '0013_uploaded_files': uploadedFiles,
  '0014_background_jobs': backgroundJobs,
  '0015_cart': cart,
  '0016_project_members': projectMembers,
  '0017_results_indexes': resultsIndexes,
  '0018_row_level_security': rowLevelSecurity,
  '0019_outbox_sealed': outboxSealed,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
