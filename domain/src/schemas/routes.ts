import type { RemoteName } from './remotes';
import { ADMIN_ROUTES } from './routes/mfe-admin';
import { AUTH_ROUTES } from './routes/mfe-auth';
import { FILLING_ROUTES } from './routes/mfe-filling';
import { FORMS_BUILDER_ROUTES } from './routes/mfe-forms-builder';
import { RESULTS_ROUTES } from './routes/mfe-results';
import { matchPattern, patternScore, type RouteDefinition, type RouteTable } from './routes/route';

export { pathTo } from './routes/route';
export type { PathParams, RouteDefinition, RouteParams, RouteTable } from './routes/route';
// Part of the shared module, which the shell loads anyway: an area takes its table from there.
export { ADMIN_ROUTES, AUTH_ROUTES, FILLING_ROUTES, FORMS_BUILDER_ROUTES, RESULTS_ROUTES };

/** Every area's screens, each table declared once beside the others (`./routes/<remote>.ts`). */
export const ROUTES_BY_REMOTE: Readonly<Record<RemoteName, RouteTable>> = {
  'mfe-auth': AUTH_ROUTES,
  'mfe-forms-builder': FORMS_BUILDER_ROUTES,
  'mfe-filling': FILLING_ROUTES,
  'mfe-results': RESULTS_ROUTES,
  'mfe-admin': ADMIN_ROUTES,
};

export interface OwnedRoute extends RouteDefinition {
  remote: RemoteName;
}

/** All routes, the most specific first: the order in which React Router tries an area's routes. */
export const ROUTES: ReadonlyArray<OwnedRoute> = Object.entries(ROUTES_BY_REMOTE)
  .flatMap(([remote, table]) =>
    Object.values(table).map((route) => ({ ...route, remote: remote as RemoteName })),
  )
  .sort((a, b) => patternScore(b.path) - patternScore(a.path));

export interface RouteMatch {
  route: OwnedRoute;
  params: Record<string, string>;
}

/**
 * The route that renders `pathname`, as its area's router will choose it, or `null` when no area
 * renders that address (the shell shows "not found").
 */
export function routeFor(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** The remote that renders `pathname`, or `null` when no area owns it. */
export function remoteForPath(pathname: string): RemoteName | null {
  return routeFor(pathname)?.route.remote ?? null;
}
