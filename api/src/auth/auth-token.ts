import type { FastifyRequest } from 'fastify';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas';

/** The session token the request carries in `x-auth-token`, if any. */
export function authToken(request: FastifyRequest): string | undefined {
  const value = request.headers[AUTH_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}
