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
import * as outboxReasonsInPolish from './0020_outbox_reasons_in_polish';
import * as apiKeyCreators from './0030_api_key_creators';
import * as webhookSecretSealed from './0031_webhook_secret_sealed';
import * as loginThrottlesHashed from './0032_login_throttles_hashed';
import * as sealedScope from './0040_sealed_scope';
import * as callerChanges from './0041_caller_changes';
import * as scopeFunctionsPlpgsql from './0042_scope_functions_plpgsql';
import * as appReadsMigrationNames from './0050_app_reads_migration_names';
import * as devRemoteOverrides from './0051_dev_remote_overrides';
import * as filledDataIdempotencyKey from './0060_filled_data_idempotency_key';
import * as uploadedFilesIdempotencyKey from './0061_uploaded_files_idempotency_key';
import * as refusedSubmissions from './0062_refused_submissions';
import * as accessAudit from './0070_access_audit';
import * as adherenceReminders from './0071_adherence_reminders';
import * as auditChainHeadOnce from './0072_audit_chain_head_once';
import * as formVersion from './0073_form_version';
import * as scopeKeyPlannedOnce from './0074_scope_key_planned_once';
import * as auditLinksApart from './0075_audit_links_apart';

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
  '0020_outbox_reasons_in_polish': outboxReasonsInPolish,
  '0030_api_key_creators': apiKeyCreators,
  '0031_webhook_secret_sealed': webhookSecretSealed,
  '0032_login_throttles_hashed': loginThrottlesHashed,
  '0040_sealed_scope': sealedScope,
  '0041_caller_changes': callerChanges,
  '0042_scope_functions_plpgsql': scopeFunctionsPlpgsql,
  '0050_app_reads_migration_names': appReadsMigrationNames,
  '0051_dev_remote_overrides': devRemoteOverrides,
  '0060_filled_data_idempotency_key': filledDataIdempotencyKey,
  '0061_uploaded_files_idempotency_key': uploadedFilesIdempotencyKey,
  '0062_refused_submissions': refusedSubmissions,
  '0070_access_audit': accessAudit,
  '0071_adherence_reminders': adherenceReminders,
  '0072_audit_chain_head_once': auditChainHeadOnce,
  '0073_form_version': formVersion,
  '0074_scope_key_planned_once': scopeKeyPlannedOnce,
  '0075_audit_links_apart': auditLinksApart,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
