import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `given` is the organization's registration code, compared in constant time (hashing
 * first makes both sides the same length, so not even the code's length leaks). An organization
 * without a code accepts none.
 */
export function orgCodeMatches(expected: string | null, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  return timingSafeEqual(digest(expected), digest(given.trim()));
}
