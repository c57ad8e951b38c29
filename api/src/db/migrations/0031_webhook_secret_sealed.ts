import { sql, type Kysely } from 'kysely';

/**
 * The webhook signing secret is kept encrypted with the server's key, like API keys
 * (jobs/webhook-secrets.ts): `webhook_secret_sealed`. The plain column no longer gets a
 * value of its own; the server seals the secrets it still holds when it starts, and makes a new
 * organization's secret on first use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('webhook_secret_sealed', 'text').execute();
  await sql`alter table organizations alter column webhook_secret drop not null, alter column webhook_secret drop default`.execute(
    db,
  );
}
