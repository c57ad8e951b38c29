import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** One year; no `includeSubDomains`, which would bind hosts this server does not serve. */
export const HSTS_VALUE = 'max-age=31536000';

/** A route that declared an access other than `public` (auth/access-control.ts): its answers are someone's. */
function isAuthenticatedRoute(request: FastifyRequest): boolean {
  const access: unknown = request.routeOptions.config?.access;
  return access !== undefined && access !== 'public';
}

/**
 * An answer that belongs to whoever signed in (persons, answers, CSV exports, API keys) is kept by
 * no cache — the browser's disk, a shared proxy — whatever the route set, its refusals included;
 * `Vary` names the header that decides whose it is, for caches that ignore no-store.
 */
function keepOutOfCaches(reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store');
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, X-Auth-Token` : 'X-Auth-Token');
}

/**
 * Headers every answer carries: no MIME sniffing (a file is run or shown only as the type it is
 * served with), only the origin in cross-origin referrers (reset links carry their token in the
 * path), and HSTS when the request came over TLS — directly, or through a proxy the server trusts
 * (`TRUST_PROXY`), since `request.protocol` reads X-Forwarded-Proto only then. The page's
 * Content-Security-Policy depends on the registry and is set where index.html is rendered. Answers
 * of authenticated routes are also kept out of caches.
 */
export const securityHeaders = fp(
  async (app) => {
    // onSend, not onRequest: it also runs for answers that an earlier hook (access control) gave.
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
      if (isAuthenticatedRoute(request)) keepOutOfCaches(reply);
      return payload;
    });
  },
  { name: 'security-headers' },
);
