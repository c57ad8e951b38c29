import { AUTH_TOKEN_HEADER } from 'shared-ui/schemas/auth-header';
import { screenReadsFor } from 'shared-ui/schemas/screen-reads';
import type { EarlyReadAnswer, EarlyReads } from 'shared-ui/contract';
import { TOKEN_KEY } from '../session/early-session-request';

/**
 * How long an answer requested at page start may stand in for a request: the first screen takes
 * it within a second; a screen opened much later asks the API for what is current.
 */
export const EARLY_READ_FRESH_MS = 30_000;

const requested = new Map<string, Promise<EarlyReadAnswer | null>>();
let requestedAt = 0;

/**
 * Requests, with plain `fetch` and the tab's session token, what the screen at `pathname` starts
 * from (shared-ui/schemas/screen-reads), so that its data is on the way while the shell's and the
 * area's code download. A tab without a token asks nothing; a failed request answers `null`.
 */
export function requestScreenReadsEarly(
  pathname: string = window.location.pathname,
  token: string | null = window.sessionStorage.getItem(TOKEN_KEY),
): void {
  if (!token) return;
  requestedAt = Date.now();
  for (const path of screenReadsFor(pathname)) {
    const answer = fetch(path, { headers: { Accept: 'application/json', [AUTH_TOKEN_HEADER]: token } }).then(
      async (response) =>
        response.ok ? { status: response.status, data: (await response.json()) as unknown } : null,
      () => null,
    );
    requested.set(path, answer);
  }
}

/** Hands each early answer over once, while fresh. */
export const earlyScreenReads: EarlyReads = {
  take(path) {
    const answer = requested.get(path);
    requested.delete(path);
    return answer && Date.now() - requestedAt <= EARLY_READ_FRESH_MS ? answer : null;
  },
};
