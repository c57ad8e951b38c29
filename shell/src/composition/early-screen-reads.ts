import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth-header';
import { screenReadsFor } from '@formularze/domain/schemas/screen-reads';
import type { EarlyReadAnswer, EarlyReads } from '@formularze/domain/contract';
import { earlyRequests } from '../page-start/early-requests';
import { TOKEN_KEY } from '../session/early-session-request';

/**
 * How long an answer requested at page start may stand in for a request: the first screen takes
 * it within a second; a screen opened much later asks the API for what is current.
 */
export const EARLY_READ_FRESH_MS = 30_000;

/**
 * Requests, with plain `fetch` and the tab's session token, what the screen at `pathname` starts
 * from (@formularze/domain/schemas/screen-reads), so that its data is on the way while the shell's and the
 * area's code download. A tab without a token asks nothing; reads already requested for the same
 * address and token (by page-start.js) are not requested again; a failed request answers `null`.
 */
export function requestScreenReadsEarly(
  pathname: string = window.location.pathname,
  token: string | null = window.sessionStorage.getItem(TOKEN_KEY),
): void {
  if (!token) return;
  const requests = earlyRequests();
  if (requests.screenReads?.pathname === pathname && requests.screenReads.token === token) return;
  const answers = new Map<string, Promise<EarlyReadAnswer | null>>();
  for (const path of screenReadsFor(pathname)) {
    const answer = fetch(path, { headers: { Accept: 'application/json', [AUTH_TOKEN_HEADER]: token } }).then(
      async (response) =>
        response.ok ? { status: response.status, data: (await response.json()) as unknown } : null,
      () => null,
    );
    answers.set(path, answer);
  }
  requests.screenReads = { pathname, token, requestedAt: Date.now(), answers };
}

/** Hands each early answer over once, while fresh. */
export const earlyScreenReads: EarlyReads = {
  take(path) {
    const reads = earlyRequests().screenReads;
    const answer = reads?.answers.get(path);
    if (!reads || !answer) return null;
    reads.answers.delete(path);
    return Date.now() - reads.requestedAt <= EARLY_READ_FRESH_MS ? answer : null;
  },
};
