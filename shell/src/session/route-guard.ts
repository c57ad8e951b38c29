import {
  AUTH_ROUTES,
  FILLING_ROUTES,
  pathTo,
  routeFor,
  type PermissionKey,
} from '@formularze/domain/schemas';

const FIRST_URL_KEY = 'firstUrl';
/** A link to a scheduled form (sent by SMS or e-mail) survives the detour through the login page. */
const isResumable = (url: string) =>
  routeFor(url.split('?')[0]!)?.route.path === FILLING_ROUTES.fillScheduled.path;

const RESET_PAGE_PERMISSIONS: ReadonlySet<PermissionKey> = new Set([
  'password-reset-email:view',
  'password-reset-email-link-expired:view',
]);

export interface GuardState {
  signedIn: boolean;
  granted: ReadonlySet<PermissionKey>;
  lastLogoutWasEmployee: boolean;
  /** The first address the user opened before signing in, if any. */
  firstUrl: string | null;
}

/**
 * Where to send the user instead of `pathname`, or `null` when they may stay (§2 of both
 * documents). Guests go to the login page (the staff one after a staff logout), denied reset pages
 * lead to the start page, a signed-in user on the login page goes to the scheduled form they came
 * for, else to the start page. Other denied pages lead where their route says, else to /login
 * (which then passes a signed-in user on to the start page).
 */
export function guardRedirect(pathname: string, state: GuardState): string | null {
  const route = routeFor(pathname)?.route;
  const permission = route?.permission;
  if (!permission || state.granted.has(permission)) return null;
  if (permission === 'login:view' && state.signedIn) {
    return state.firstUrl && isResumable(state.firstUrl) ? state.firstUrl : pathTo(FILLING_ROUTES.dashboard);
  }
  if (RESET_PAGE_PERMISSIONS.has(permission)) return pathTo(FILLING_ROUTES.dashboard);
  if (state.signedIn) return route.deniedRedirect ?? pathTo(AUTH_ROUTES.login);
  return pathTo(state.lastLogoutWasEmployee ? AUTH_ROUTES.employeeLogin : AUTH_ROUTES.login);
}

/** Remembers the address a guest was turned away from, once, until they sign in. */
export function rememberFirstUrl(url: string, storage: Storage = window.localStorage): void {
  if (!storage.getItem(FIRST_URL_KEY)) storage.setItem(FIRST_URL_KEY, url);
}

export function takeFirstUrl(storage: Storage = window.localStorage): string | null {
  const url = storage.getItem(FIRST_URL_KEY);
  storage.removeItem(FIRST_URL_KEY);
  return url;
}

export function peekFirstUrl(storage: Storage = window.localStorage): string | null {
  return storage.getItem(FIRST_URL_KEY);
}
