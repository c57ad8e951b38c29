import type { EarlyReadAnswer } from '@formularze/domain/contract';

/** The request started before the shell's code loaded, and the token it carries. */
export interface EarlySessionRequest {
  token: string;
  /** The body of the answer; rejects with a `SessionRequestError` or a network error. */
  person: Promise<unknown>;
}

/** The reads requested for the page's address, with the token they carry, not yet taken. */
export interface EarlyScreenReads {
  pathname: string;
  token: string;
  requestedAt: number;
  answers: Map<string, Promise<EarlyReadAnswer | null>>;
}

/**
 * What the page requested before the shell's code ran. `page-start.js` starts these requests and
 * `main.js` takes them over: two scripts, each with its own copy of the modules, so the requests
 * are handed over through the window rather than through a module's state.
 */
export interface EarlyRequests {
  session?: EarlySessionRequest | null;
  screenReads?: EarlyScreenReads;
}

declare global {
  interface Window {
    formularzeEarlyRequests?: EarlyRequests;
  }
}

export function earlyRequests(): EarlyRequests {
  return (window.formularzeEarlyRequests ??= {});
}
