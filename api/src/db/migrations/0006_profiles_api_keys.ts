import { sql, type Kysely } from 'kysely';

/**
 * The person's profile (personal data, address, avatar, contact preferences), the organization's
 * profile (footer, message, billing data, webhook) and API keys. An API key is stored twice: its
 * SHA-256, to find it when a request carries it, and AES-256-GCM ciphertext, because the API keys
 * page shows the key again; the plain key is never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('title', 'text')
    .addColumn('description', 'text', (col) => col.check(sql`char_length(description) <= 100`))
    .addColumn('gender', 'text', (col) => col.check(sql`gender in ('Female', 'Male')`))
    .addColumn('year_of_birth', 'integer', (col) => col.check(sql`year_of_birth > 1899`))
    // { name, street, city, zipCode, post, phone }: always read and written as one.
    .addColumn('address', 'jsonb')
    .addColumn('hospital_identifier', 'text')
    // Owners switch it off for a patient whose data the organization maintains.
    .addColumn('enable_profile_data_edition', 'boolean', (col) => col.notNull().defaultTo(true))
    // Relative to the media folder, served at /org-media/files/<avatar_path>.
    .addColumn('avatar_path', 'text', (col) =>
      col.check(sql`avatar_path like 'avatars/%' and avatar_path not like '%..%'`),
    )
    .addColumn('preferred_channel', 'text', (col) => col.check(sql`preferred_channel in ('mail', 'phone')`))
    .addColumn('enable_reminders', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  // A hospital identifier names one patient within an organization.
  await db.schema
    .createIndex('users_organization_hospital_identifier_key')
    .on('users')
    .columns(['organization_id', 'hospital_identifier'])
    .unique()
    .where(sql.ref('hospital_identifier'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('organizations')
    .addColumn('custom_footer', 'text')
    .addColumn('org_message', 'text')
    // { name, street, zipCode, city, taxId, post }
    .addColumn('billing_info', 'jsonb')
    .addColumn('form_data_created_webhook_url', 'text', (col) =>
      col.check(sql`form_data_created_webhook_url like 'https://%'`),
    )
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // base64url of iv (12 bytes) ‖ auth tag (16 bytes) ‖ ciphertext.
    .addColumn('token_encrypted', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_user_id_idx').on('api_keys').column('user_id').execute();
}
