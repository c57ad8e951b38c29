import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TokenCipher } from '../core/token-cipher';
import type { Database } from '../db/schema';

/**
 * The key of an organization's webhook signatures, kept sealed with the server's key
 * (`webhook_secret_sealed`, like API keys): a copy of the database cannot forge a call. The first
 * use seals a secret still stored in clear (made before migration 0031) or makes a new one (256
 * random bits); of two first uses at once, the first written wins and both return it.
 */
export async function webhookSecretOf(
  db: Kysely<Database>,
  cipher: TokenCipher,
  organizationId: number,
): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select(['webhook_secret', 'webhook_secret_sealed'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (row.webhook_secret_sealed) return cipher.decrypt(row.webhook_secret_sealed);
  const secret = row.webhook_secret ?? randomBytes(32).toString('hex');
  const sealedNow = await db
    .updateTable('organizations')
    .set({ webhook_secret_sealed: cipher.encrypt(secret), webhook_secret: null })
    .where('id', '=', organizationId)
    .where('webhook_secret_sealed', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return sealedNow ? secret : webhookSecretOf(db, cipher, organizationId);
}

/** Seals every secret still stored in clear; the server runs it at start, as the tables' owner. */
export async function sealClearWebhookSecrets(db: Kysely<Database>, cipher: TokenCipher): Promise<number> {
  const clear = await db
    .selectFrom('organizations')
    .select('id')
    .where('webhook_secret', 'is not', null)
    .execute();
  for (const { id } of clear) await webhookSecretOf(db, cipher, id);
  return clear.length;
}
