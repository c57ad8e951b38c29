import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

export const API_KEY_ENCRYPTION_KEY_FILE = 'api-key-encryption.key';

/**
 * The AES-256 key API keys are encrypted with: `API_KEY_ENCRYPTION_KEY`, or a random key generated
 * on the first start and kept in the data folder (mode 0600), so keys created before a restart can
 * still be shown after it. Several processes on one PostgreSQL need the variable (or a shared data
 * folder). Losing the key makes the stored keys unreadable, not usable by someone else.
 */
export async function resolveApiKeyEncryptionKey(
  config: Pick<Config, 'apiKeyEncryptionKey' | 'dataDir'>,
): Promise<Buffer> {
  if (config.apiKeyEncryptionKey) return Buffer.from(config.apiKeyEncryptionKey, 'hex');
  const file = path.join(config.dataDir, API_KEY_ENCRYPTION_KEY_FILE);
  const stored = (await readFile(file, 'utf8').catch(() => null))?.trim();
  if (stored) return Buffer.from(stored, 'hex');
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    // `wx`: when two processes start together, the first writer wins and the other reads its key.
    await writeFile(file, key, { flag: 'wx', mode: 0o600 });
    return Buffer.from(key, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}
