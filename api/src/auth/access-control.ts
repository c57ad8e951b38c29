import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { apiError, PERMISSIONS_BY_ROLE, type PermissionKey } from '@formularze/domain/schemas';
import type { Database } from '../db/schema';
import { runAsSystem, runInScope, type ScopeHolder, type TenantScope } from '../db/tenant-scope';
import { AppError } from '../core/errors';
import { requireOperator } from './operator-guard';
import { CallerCache } from './caller-cache';
import { listenForCallerChanges } from './caller-changes';
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
    /** Whose rows the request's queries see: set on arrival, narrowed by the access check. */
    tenantScope: ScopeHolder;
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
 * The tenant scope a request starts in. Public routes (login by e-mail, registration, the
 * registry, pages), the super-admin panel and the operator are cross-tenant by nature; a route for
 * signed-in people sees nothing until its check has found the person.
 */
function scopeOnArrival(access: RouteAccess | undefined): TenantScope {
  if (access === undefined || access === 'public' || access === 'super-admin' || access === 'operator') {
    return { kind: 'system' };
  }
  return { kind: 'none' };
}

/** A person sees their organization's rows; the platform administrator, who has none, the platform's. */
function scopeOf(person: SignedInPerson): TenantScope {
  return person.organizationId === null
    ? { kind: 'platform' }
    : { kind: 'tenant', organizationId: person.organizationId };
}

/**
 * Default deny: every route under /api and /employees must declare `config.access`, or
 * registering it throws; the declared check runs first thing on each request (onRequest, before
 * the body is read or validated), so an unauthenticated caller learns nothing about the input a
 * route expects.
 */
export const accessControl = fp<{
  db: Kysely<Database>;
  operatorToken: string;
  /** Where to hear other processes' changes of callers (PostgreSQL); none: this process alone writes. */
  callerChangesUrl?: string | undefined;
}>(
  async (app, { db, operatorToken, callerChangesUrl }) => {
    const callers = new CallerCache<SignedInPerson>();
    const listener =
      callerChangesUrl &&
      (await listenForCallerChanges(callers, { connectionString: callerChangesUrl, logger: app.log }));
    app.addHook('onClose', async () => {
      await (listener && listener.close());
      callers.close();
    });
    const registry: DeclaredAccess[] = [];
    app.decorate('accessRegistry', registry);
    app.decorateRequest('person', null);
    app.decorateRequest('superAdmin', null);
    app.decorateRequest('tenantScope', null as unknown as ScopeHolder);

    // Callback-style, so the rest of the request runs inside the scope (db/tenant-scope.ts).
    app.addHook('onRequest', (request, _reply, done) => {
      request.tenantScope = { scope: scopeOnArrival(request.routeOptions.config?.access) };
      runInScope(request.tenantScope, done);
    });
    // Parsing the body may resume in the socket's callbacks, outside the request's context: enter it again.
    app.addHook('preValidation', (request, _reply, done) => runInScope(request.tenantScope, done));

    function checkFor(access: Exclude<RouteAccess, 'public'>): onRequestAsyncHookHandler {
      return async (request: FastifyRequest) => {
        if (access === 'operator') return requireOperator(request, operatorToken);
        if (access === 'super-admin') {
          request.superAdmin = await requireSuperAdmin(db, request);
          return;
        }
        // Sessions and API keys are found by their token, whatever the organization.
        const person = await runAsSystem(() => requireSignedInPerson(db, request, callers));
        if (access !== 'session' && !person.permissions.has(access.permission)) throw forbidden();
        request.person = person;
        request.tenantScope.scope = scopeOf(person);
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
