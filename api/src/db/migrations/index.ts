import type { Migration, MigrationProvider } from 'kysely/migration';
import * as remoteRegistry from './0001_remote_registry';
import * as accounts from './0002_accounts';

/** Listed in code rather than read from disk, so the same migrations run from tsx, tests and the CLI. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_remote_registry': remoteRegistry,
  '0002_accounts': accounts,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
