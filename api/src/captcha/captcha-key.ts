import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../core/config';

export const CAPTCHA_KEY_FILE = 'captcha-hmac.key';

/**
 * The key that signs captcha challenges: `CAPTCHA_HMAC_KEY`, or a random key generated on the
 * first start and kept in the data folder, so challenges handed out before a restart still verify
 * after it. Several processes on one PostgreSQL need the variable (or a shared data folder).
 */
export async function resolveCaptchaKey(config: Pick<Config, 'captchaHmacKey' | 'dataDir'>): Promise<string> {
  if (config.captchaHmacKey) return config.captchaHmacKey;
  const file = path.join(config.dataDir, CAPTCHA_KEY_FILE);
  const stored = await readFile(file, 'utf8').catch(() => null);
  if (stored?.trim()) return stored.trim();
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    // `wx`: when two processes start together, the first writer wins and the other reads its key.
    await writeFile(file, key, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
