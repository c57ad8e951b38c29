import * as z from 'zod/mini';

/**
 * API keys (`/profile/api-keys`, `GET/POST/DELETE /employees/v1/tokens`): long-lived tokens a
 * staff member's scripts send as `x-auth-token` instead of a session token.
 */

/**
 * How long a key lives when its creator names no date: a year (not the specification's 100: a
 * forgotten key must not outlive its purpose by a lifetime, docs/adr/040-api-key-lifecycle.md).
 */
export const API_KEY_VALIDITY_YEARS = 1;
export const API_KEY_LABEL_MAX_LENGTH = 100;

export const apiKey = z.object({
  tokenId: z.number(),
  label: z.string(),
  /** ISO timestamp. */
  expires: z.string(),
  /**
   * The key itself: the page shows it (masked until asked) and copies it. Null for anyone but the
   * account that created it, and when this server cannot decrypt it (it was stored under another
   * API_KEY_ENCRYPTION_KEY): the key still works.
   */
  token: z.nullable(z.string()),
  /** ISO timestamp of the last request the key signed in; null while it was never used. */
  lastUsed: z.nullable(z.string()),
  /** The e-mail of the account that created the key; null when that account no longer exists. */
  createdBy: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKey>;

/** A key just created: its text is always there. */
export const createdApiKey = z.extend(apiKey, { token: z.string() });

export const apiKeyList = z.object({ tokens: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const createApiKeyBody = z.object({
  label: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'To pole jest wymagane'),
      z.maxLength(API_KEY_LABEL_MAX_LENGTH, `Nazwa może mieć najwyżej ${API_KEY_LABEL_MAX_LENGTH} znaków.`),
    ),
  /** ISO timestamp in the future; omitted: a year from now (`apiKeyExpiry`). */
  expires: z.optional(z.iso.datetime({ offset: true })),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const deleteApiKeyQuery = z.object({
  tokenId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
});

/** `expires` of a key created at `now` without a date of its own. */
export function apiKeyExpiry(now = new Date()): string {
  const expires = new Date(now);
  expires.setFullYear(expires.getFullYear() + API_KEY_VALIDITY_YEARS);
  return expires.toISOString();
}

export const API_KEY_UNREADABLE_TEXT =
  'Nie można wyświetlić tego klucza. Działa nadal; aby go skopiować, usuń go i utwórz nowy.';

export const API_KEY_COPIED_MESSAGE = 'Klucz skopiowany do schowka';
export const API_KEY_COPIED_TIMEOUT_MS = 1000;
export const apiKeyDeletedMessage = (label: string) => `Klucz ${label} został usunięty.`;

/** The question of the password change (docs/adr/040-api-key-lifecycle.md); its answer defaults to yes. */
export const REVOKE_API_KEYS_QUESTION = 'Unieważnić klucze API?';
export const API_KEY_CREATION_NEEDS_PASSWORD_MESSAGE =
  'Kluczami API można zarządzać tylko po zalogowaniu hasłem, nie kluczem API.';
