import { sql, type Kysely } from 'kysely';

/** Deployed versions of each remote, and the append-only log of which one is active. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_deployments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('manifest_url', 'text', (col) => col.notNull())
    .addColumn('manifest', 'jsonb', (col) => col.notNull())
    .addColumn('deployed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deployed_by', 'text', (col) => col.notNull())
    .addUniqueConstraint('remote_deployments_name_version_key', ['name', 'version'])
    .execute();

  await db.schema
    .createTable('remote_activations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('deployment_id', 'integer', (col) => col.notNull().references('remote_deployments.id'))
    .addColumn('activated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('activated_by', 'text', (col) => col.notNull())
    .execute();

  // "The latest activation of each remote" is the registry's one hot query.
  await db.schema
    .createIndex('remote_activations_name_id_idx')
    .on('remote_activations')
    .columns(['name', 'id desc'])
    .execute();
}
