import * as z from 'zod/mini';

/**
 * API keys (`/profile/api-keys`, `GET/POST/DELETE /employees/v1/tokens`): long-lived tokens a
 * staff member's scripts send as `x-auth-token` instead of a session token.
 */

/** The specification's validity: 100 years, computed by the client and sent with the label. */
export const API_KEY_VALIDITY_YEARS = 100;
export const API_KEY_LABEL_MAX_LENGTH = 100;

export const apiKey = z.object({
  tokenId: z.number(),
  label: z.string(),
  /** ISO timestamp. */
  expires: z.string(),
  /**
   * The key itself: the page shows it (masked until asked) and copies it. Null when this server
   * cannot decrypt it (it was stored under another API_KEY_ENCRYPTION_KEY): the key still works.
   */
  token: z.nullable(z.string()),
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
  /** ISO timestamp in the future (the page sends now + 100 years). */
  expires: z.iso.datetime({ offset: true }),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const deleteApiKeyQuery = z.object({
  tokenId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
});

/** `expires` of a key created at `now`. */
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
