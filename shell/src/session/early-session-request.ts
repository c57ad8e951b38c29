import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth-header';
import { earlyRequests, type EarlySessionRequest } from '../page-start/early-requests';

/** Where the tab keeps its session token (session storage). */
export const TOKEN_KEY = 'token';
export const CURRENT_PERSON_PATH = '/api/persons/my';

/** A failed answer shaped like the API client's errors, so the session tells expiry from failure alike. */
export class SessionRequestError extends Error {
  readonly response: { status: number };

  constructor(status: number) {
    super(`GET ${CURRENT_PERSON_PATH}: HTTP ${status}`);
    this.response = { status };
  }
}

/**
 * Asks who the stored token belongs to at once, with plain `fetch`: the shell's chunks and axios
 * take a few hundred milliseconds to arrive, and every area waits for the answer. A tab without a
 * token asks nothing; a token already asked about (by page-start.js) is not asked about again.
 * Answers whether the tab has a session to check.
 */
export function requestSessionEarly(tabStorage: Storage = window.sessionStorage): boolean {
  const token = tabStorage.getItem(TOKEN_KEY);
  if (!token) return false;
  const requests = earlyRequests();
  if (requests.session?.token === token) return true;
  const person = fetch(CURRENT_PERSON_PATH, {
    headers: { Accept: 'application/json', [AUTH_TOKEN_HEADER]: token },
  }).then((response) => {
    if (!response.ok) throw new SessionRequestError(response.status);
    return response.json() as Promise<unknown>;
  });
  // The session store handles the outcome; until it takes the request, a failure is not unhandled.
  person.catch(() => undefined);
  requests.session = { token, person };
  return true;
}

/** Hands the early request over once; later checks ask the API again. */
export function takeEarlySessionRequest(): EarlySessionRequest | null {
  const requests = earlyRequests();
  const taken = requests.session ?? null;
  requests.session = null;
  return taken;
}
