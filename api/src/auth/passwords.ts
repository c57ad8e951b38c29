import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
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
