import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../src/auth/access-control';
import type { Method } from './tenant-fixture';

/** One operation of the published OpenAPI document, with the access its route declared. */
export interface Operation {
  method: Method;
  /** As the document writes it: `/api/forms/{id}`. */
  path: string;
  /** As Fastify registered it: `/api/forms/:id`. */
  url: string;
  access: RouteAccess;
  pathParameters: string[];
  requiredQueryParameters: string[];
  /** A JSON body the route validates (multipart routes read their parts themselves). */
  jsonBody: boolean;
  /** `METHOD path`, the key of the per-operation tables. */
  name: string;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, unknown> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const toFastifyUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Every operation of `app.swagger()`, joined to `app.accessRegistry` (an unknown route throws). */
export function documentedOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const accessOf = new Map(app.accessRegistry.map((route) => [`${route.method} ${route.url}`, route.access]));
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([lowerMethod, operation]) => {
      const method = lowerMethod.toUpperCase() as Method;
      const url = toFastifyUrl(path);
      const access = accessOf.get(`${method} ${url}`);
      if (!access) throw new Error(`${method} ${path} is documented but declares no access`);
      const parameters = operation.parameters ?? [];
      return {
        method,
        path,
        url,
        access,
        pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        requiredQueryParameters: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        jsonBody: Boolean(operation.requestBody?.content?.['application/json']),
        name: `${method} ${path}`,
      };
    }),
  );
}

/** Routes of a signed-in person of an organization: what tenant isolation and the role table govern. */
export const isTenantOperation = (operation: Operation) =>
  operation.access === 'session' || typeof operation.access === 'object';

/** The document itself is served beside it, not described in it. */
const UNDOCUMENTED_BY_NATURE = new Set(['GET /api/docs', 'GET /api/docs/json', 'GET /api/docs/yaml']);

/** Registered routes under /api and /employees that the OpenAPI document leaves out. */
export function undocumentedRoutes(app: FastifyInstance, operations: Operation[]): string[] {
  const documented = new Set(operations.map((operation) => `${operation.method} ${operation.url}`));
  return app.accessRegistry
    .filter((route) => route.method !== 'HEAD')
    .filter((route) => route.url.startsWith('/api') || route.url.startsWith('/employees'))
    .map((route) => `${route.method} ${route.url}`)
    .filter((name) => !documented.has(name) && !UNDOCUMENTED_BY_NATURE.has(name));
}
