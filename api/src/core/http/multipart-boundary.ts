import type { FastifyRequest } from 'fastify';
import { InvalidFieldsError } from '../errors';

export const MISSING_BOUNDARY_MESSAGE = 'nagłówek Content-Type nie podaje granicy części (boundary)';

/**
 * A multipart body is cut into parts at its boundary; without one named in the content type the
 * multipart parser throws a plain error (a 500) when a route first reads the parts. The caller's
 * mistake: refused as such before any route runs.
 */
export async function refuseMultipartWithoutBoundary(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (type && /^\s*multipart\//i.test(type) && !/;\s*boundary=[^;\s]/i.test(type)) {
    throw new InvalidFieldsError({ body: MISSING_BOUNDARY_MESSAGE });
  }
}
