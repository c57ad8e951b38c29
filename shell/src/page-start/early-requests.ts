import type { EarlyScreenReads } from '../composition/early-screen-reads';
import type { EarlySessionRequest } from '../session/early-session-request';

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
