import argon2 from 'argon2';

/**
 * OWASP's recommended argon2id settings (19 MiB, 2 passes, 1 lane): strong against offline
 * guessing while a login stays around 50 ms, so a burst of logins cannot starve the server.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `hash`; without a hash (no such user) it still spends the time of a
 * real check, so response timing does not reveal which emails exist.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash) return argon2.verify(hash, password);
  dummyHash ??= hashPassword('no-such-user-placeholder');
  await argon2.verify(await dummyHash, password);
  return false;
}
