import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { generateApiKey, hashApiKey, type TokenCipher } from '../core/token-cipher';
import { CALLER_COLUMNS } from './sessions-repository';

export interface StoredApiKey {
  tokenId: number;
  label: string;
  expires: Date;
  /**
   * Null for anyone but the account that created the key, and when this process's cipher cannot
   * open the stored key (another encryption key).
   */
  token: string | null;
  lastUsed: Date | null;
  /** The creator's e-mail; null once their account is gone. */
  createdBy: string | null;
}

function readableToken(cipher: TokenCipher, stored: string): string | null {
  try {
    return cipher.decrypt(stored);
  } catch {
    return null;
  }
}

export async function createApiKey(
  db: Kysely<Database>,
  cipher: TokenCipher,
  { userId, label, expires }: { userId: number; label: string; expires: Date },
): Promise<StoredApiKey & { token: string }> {
  const token = generateApiKey();
  const { id } = await db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      created_by: userId,
      label,
      token_hash: hashApiKey(token),
      token_encrypted: cipher.encrypt(token),
      expires_at: expires,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const creator = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return { tokenId: id, label, expires, token, lastUsed: null, createdBy: creator?.email ?? null };
}

/**
 * The user's keys, newest first, for the API keys page: the text of a key only for the account
 * that created it, and only when this process can open it.
 */
export async function listApiKeys(
  db: Kysely<Database>,
  cipher: TokenCipher,
  userId: number,
): Promise<StoredApiKey[]> {
  const rows = await db
    .selectFrom('api_keys as k')
    .leftJoin('users as creator', 'creator.id', 'k.created_by')
    .select(['k.id', 'k.label', 'k.expires_at', 'k.token_encrypted', 'k.last_used_at', 'k.created_by'])
    .select('creator.email as creatorEmail')
    .where('k.user_id', '=', userId)
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((row) => ({
    tokenId: row.id,
    label: row.label,
    expires: row.expires_at,
    token: row.created_by === userId ? readableToken(cipher, row.token_encrypted) : null,
    lastUsed: row.last_used_at,
    createdBy: row.creatorEmail,
  }));
}

/** Every key of the account stops working: its password was reset by link, or changed with the keys. */
export async function revokeApiKeys(db: Kysely<Database> | Transaction<Database>, userId: number) {
  await db.deleteFrom('api_keys').where('user_id', '=', userId).execute();
}

/** Deletes the key if it is the user's; its label, or undefined when there was no such key of theirs. */
export async function deleteApiKey(
  db: Kysely<Database>,
  { userId, tokenId }: { userId: number; tokenId: number },
): Promise<string | undefined> {
  const deleted = await db
    .deleteFrom('api_keys')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .returning('label')
    .executeTakeFirst();
  return deleted?.label;
}

/**
 * The unexpired key behind `token` with its user (if that user may still sign in) and the
 * organization flags permissions depend on: the same shape `findSession` answers with.
 */
export async function findApiKeyOwner(db: Kysely<Database>, token: string) {
  const key = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['k.id', ...CALLER_COLUMNS])
    .where('k.token_hash', '=', hashApiKey(token))
    .where('k.expires_at', '>', new Date())
    .where('u.activated', '=', true)
    .where('u.removed_at', 'is', null)
    .executeTakeFirst();
  if (key) {
    await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', key.id).execute();
  }
  return key;
}
