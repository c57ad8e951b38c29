import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { apiError, PERMISSIONS_BY_ROLE, type PermissionKey } from 'shared-ui/schemas';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { requireOperator } from '../operator/operator-guard';
import { requireSignedInPerson, type SignedInPerson } from './session-guard';
import { requireSuperAdmin, type SuperAdmin } from './super-admin-guard';

/**
 * Who may call a route, declared in its `config.access`:
 * - `public`: anyone;
 * - `session`: any signed-in person (patient or staff), whatever their permissions;
 * - `{ permission }`: a signed-in person whose effective roles grant that key in `permissionsFor`,
 *   the table the shell hides and guards its screens with;
 * - `super-admin`: the super-admin panel's own session;
 * - `operator`: the operator CLI on this machine (`x-operator-token`).
 */
export type RouteAccess = 'public' | 'session' | 'super-admin' | 'operator' | { permission: PermissionKey };

export interface DeclaredAccess {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set for routes whose access is `session` or a permission. */
    person: SignedInPerson | null;
    /** Set for routes whose access is `super-admin`. */
    superAdmin: SuperAdmin | null;
  }
  interface FastifyInstance {
    /** Every route that declared its access, in registration order (HEAD routes included). */
    accessRegistry: readonly DeclaredAccess[];
  }
}

/** Everything the API answers lives under these; a route there without declared access is a bug. */
export function requiresDeclaredAccess(url: string): boolean {
  return ['/api', '/employees'].some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

const KNOWN_PERMISSIONS = new Set<string>(Object.values(PERMISSIONS_BY_ROLE).flat());

function validAccess(access: unknown): access is RouteAccess {
  if (access === 'public' || access === 'session' || access === 'super-admin' || access === 'operator') {
    return true;
  }
  const permission = (access as { permission?: unknown } | null)?.permission;
  return typeof permission === 'string' && KNOWN_PERMISSIONS.has(permission);
}

const forbidden = () => new AppError(403, 'Brak uprawnień do tej operacji', 'forbidden');

/**
 * Default deny: every route under /api and /employees must declare `config.access`, or
 * registering it throws; the declared check runs first thing on each request (onRequest, before
 * the body is read or validated), so an unauthenticated caller learns nothing about the input a
 * route expects.
 */
export const accessControl = fp<{ db: Kysely<Database>; operatorToken: string }>(
  async (app, { db, operatorToken }) => {
    const registry: DeclaredAccess[] = [];
    app.decorate('accessRegistry', registry);
    app.decorateRequest('person', null);
    app.decorateRequest('superAdmin', null);

    function checkFor(access: Exclude<RouteAccess, 'public'>): onRequestAsyncHookHandler {
      return async (request: FastifyRequest) => {
        if (access === 'operator') return requireOperator(request, operatorToken);
        if (access === 'super-admin') {
          request.superAdmin = await requireSuperAdmin(db, request);
          return;
        }
        const person = await requireSignedInPerson(db, request);
        if (access !== 'session' && !person.permissions.has(access.permission)) throw forbidden();
        request.person = person;
      };
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const access: unknown = route.config?.access;
      const methods = [route.method].flat().join(',');
      if (access === undefined) {
        if (requiresDeclaredAccess(route.url)) {
          throw new Error(`${methods} ${route.url} declares no access: add config.access to the route`);
        }
        return;
      }
      if (!validAccess(access)) {
        throw new Error(`${methods} ${route.url} declares an unknown access: ${JSON.stringify(access)}`);
      }
      registry.push({ method: methods, url: route.url, access });
      if (access === 'public') return;

      route.onRequest = [checkFor(access), ...[route.onRequest ?? []].flat()];
      // The refusals belong in the OpenAPI document next to the route's own answers.
      if (route.schema) {
        const refusals =
          access === 'session' || access === 'super-admin'
            ? { 401: apiError }
            : { 401: apiError, 403: apiError };
        route.schema = {
          ...route.schema,
          response: { ...refusals, ...(route.schema.response as object | undefined) },
        };
      }
    });
  },
  { name: 'access-control' },
);
