import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors';

/** The header that carries the token from `DATA_DIR/server.json`. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Only a process on this machine that can read `server.json` gets through. */
export function requireOperator(request: FastifyRequest, token: string): void {
  if (!LOOPBACK.has(request.ip)) {
    throw new AppError(403, 'Operator API is only available from this machine', 'operator-remote-address');
  }
  const given = request.headers[OPERATOR_TOKEN_HEADER];
  // Comparing digests keeps the comparison constant-time whatever the length given.
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(token))) {
    throw new AppError(401, 'Missing or wrong operator token', 'operator-token');
  }
}
