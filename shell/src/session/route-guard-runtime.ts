import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { navigate } from '../contract/create-shell-contract';
import { guardRedirect, peekFirstUrl, rememberFirstUrl, takeFirstUrl } from './route-guard';
import { lastLogoutWasEmployee } from './session-signals';
import type { SessionStore } from './session-store';

export type RouteGuard = (pathname: string) => string | null;

/** The guard for the live session; while the session is being checked nothing is decided (and nothing shows). */
export function routeGuardFor(session: Pick<SessionStore, 'get' | 'permissions'>): RouteGuard {
  return (pathname) => {
    const { status } = session.get();
    if (status === 'checking') return null;
    return guardRedirect(pathname, {
      signedIn: status === 'authenticated',
      granted: session.permissions(),
      lastLogoutWasEmployee: lastLogoutWasEmployee(),
      firstUrl: peekFirstUrl(),
    });
  };
}

/** Sends the user where the guard says; a guest's original address is kept for after the login. */
export function enforceRouteGuard(guard: RouteGuard, location: Location = window.location): void {
  const redirect = guard(location.pathname);
  if (redirect === null) return;
  const toLogin = redirect === pathTo(AUTH_ROUTES.login) || redirect === pathTo(AUTH_ROUTES.employeeLogin);
  if (toLogin) rememberFirstUrl(`${location.pathname}${location.search}`);
  else takeFirstUrl();
  navigate(redirect, { replace: true });
}
