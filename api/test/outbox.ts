import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { resolveApiKeyEncryptionKey } from '../src/core/encryption-key';
import { createTokenCipher } from '../src/core/token-cipher';
import type { Config } from '../src/core/config';
import type { Database } from '../src/db/schema';
import { openedBody } from '../src/outbox/sealed-bodies';

/** The outbox in order, as the delivery worker of the app of `config` reads it: sealed bodies opened. */
export async function openedOutbox(
  db: Kysely<Database>,
  config: Pick<Config, 'apiKeyEncryptionKey' | 'dataDir'>,
) {
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const messages = await db.selectFrom('outbox').selectAll().orderBy('id').execute();
  return messages.map((message) => ({ ...message, body: openedBody(cipher, message) }));
}

/** The set-password link in a message's `body`, asserted to be there (`missing` says what was expected). */
export function resetLinkIn(body: string | undefined, missing: string): URL {
  const link = /https?:\/\/\S+\/password-reset-link\?\S+/.exec(body ?? '');
  assert.ok(link, missing);
  return new URL(link[0]);
}
