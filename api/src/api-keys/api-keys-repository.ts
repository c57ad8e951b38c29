import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { generateApiKey, hashApiKey, type TokenCipher } from './token-cipher';

export interface StoredApiKey {
  tokenId: number;
  label: string;
  expires: Date;
  /** Null when this process's cipher cannot open the stored key (another encryption key). */
  token: string | null;
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
      label,
      token_hash: hashApiKey(token),
      token_encrypted: cipher.encrypt(token),
      expires_at: expires,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { tokenId: id, label, expires, token };
}

/** The user's keys, newest first, decrypted for the API keys page (a key it cannot open has no token). */
export async function listApiKeys(
  db: Kysely<Database>,
  cipher: TokenCipher,
  userId: number,
): Promise<StoredApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'label', 'expires_at', 'token_encrypted'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    tokenId: row.id,
    label: row.label,
    expires: row.expires_at,
    token: readableToken(cipher, row.token_encrypted),
  }));
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
    .select([
      'k.id',
      'u.id as userId',
      'u.email',
      'u.authorities',
      'u.organization_id as organizationId',
      'o.editors_can_manage_forms as editorsCanManageForms',
      'o.editors_can_manage_users as editorsCanManageUsers',
    ])
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
