import { routeFor } from './routes';

/** A record id as the routes carry it: a positive integer. */
const RECORD_ID = /^[1-9]\d{0,15}$/;

/**
 * The API paths the screen at `pathname` starts from (the `earlyReads` of its route); none for a
 * screen without them, or when a parameter of the address is not a record id (such a read could
 * only fail).
 */
export function screenReadsFor(pathname: string): string[] {
  const match = routeFor(pathname);
  if (!match?.route.earlyReads || !Object.values(match.params).every((value) => RECORD_ID.test(value))) {
    return [];
  }
  return match.route.earlyReads(match.params);
}
