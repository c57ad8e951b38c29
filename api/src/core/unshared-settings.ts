import type { Config } from './config';

/**
 * The secrets whose defaults are random keys kept in this process's data folder: on a PostgreSQL
 * server shared by several API processes (each with its own `DATA_DIR`), the variable must give
 * every process the same value, or a captcha signed by one is refused by another, an API key
 * made through one cannot be shown by another and a set-password link one queued (sealed) cannot
 * be sent by another. Empty on PGlite (one process).
 */
export function unsharedSecrets(
  config: Pick<Config, 'databaseUrl' | 'captchaHmacKey' | 'apiKeyEncryptionKey'>,
): string[] {
  if (!config.databaseUrl) return [];
  return [
    ...(config.captchaHmacKey ? [] : ['CAPTCHA_HMAC_KEY']),
    ...(config.apiKeyEncryptionKey ? [] : ['API_KEY_ENCRYPTION_KEY']),
  ];
}
