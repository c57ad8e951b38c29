import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: a fresh IV per key; the auth tag makes a tampered ciphertext fail instead of decrypting to garbage. */
export interface TokenCipher {
  encrypt(token: string): string;
  decrypt(stored: string): string;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('the API key encryption key must be 32 bytes');
  return {
    encrypt(token) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    decrypt(stored) {
      const bytes = Buffer.from(stored, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** 256 random bits, prefixed so a leaked key is recognisable (and told apart from session tokens). */
export function generateApiKey(): string {
  return `fk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
