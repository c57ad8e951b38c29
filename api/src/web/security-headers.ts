import fp from 'fastify-plugin';

/** One year; no `includeSubDomains`, which would bind hosts this server does not serve. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Headers every answer carries: no MIME sniffing (a file is run or shown only as the type it is
 * served with), only the origin in cross-origin referrers (reset links carry their token in the
 * path), and HSTS when the request came over TLS — directly, or through a proxy the server trusts
 * (`TRUST_PROXY`), since `request.protocol` reads X-Forwarded-Proto only then. The page's
 * Content-Security-Policy depends on the registry and is set where index.html is rendered.
 */
export const securityHeaders = fp(
  async (app) => {
    // onSend, not onRequest: it also runs for answers that an earlier hook (access control) gave.
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
      return payload;
    });
  },
  { name: 'security-headers' },
);
