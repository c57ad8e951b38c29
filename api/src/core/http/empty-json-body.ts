import type { FastifyInstance } from 'fastify';

/**
 * Clients (axios among them) send `Content-Type: application/json` on calls that carry no body,
 * such as a logout. Fastify refuses an empty JSON body, which would leave the session alive; here an
 * empty body is simply no body, and a route that needs one still refuses it through its schema.
 * Anything else is parsed as before: invalid JSON and prototype poisoning are still refused.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body, done);
  });
}
