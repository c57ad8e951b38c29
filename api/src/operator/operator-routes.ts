import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, remoteHistory } from 'shared-ui/schemas';
import { seedDemo } from '../accounts/seed';
import { AppError } from '../errors';
import { remoteParams } from '../remotes/registry-routes';
import {
  activateRemote,
  getHistory,
  registerDeployment,
  type RegistryDeps,
} from '../remotes/registry-service';
import {
  activationResult,
  OPERATOR_TOKEN_HEADER,
  operatorActivateBody,
  operatorRegisterBody,
  registrationResult,
  seedBody,
  seedResult,
} from './operator-schemas';

export interface OperatorOptions extends RegistryDeps {
  /** The secret written to `DATA_DIR/server.json`. */
  token: string;
  demoPassword: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Only a process on this machine that can read `server.json` gets through. */
function checkOperator(request: FastifyRequest, token: string): void {
  if (!LOOPBACK.has(request.ip)) {
    throw new AppError(403, 'Operator API is only available from this machine', 'operator-remote-address');
  }
  const given = request.headers[OPERATOR_TOKEN_HEADER];
  // Comparing digests keeps the comparison constant-time whatever the length given.
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(token))) {
    throw new AppError(401, 'Missing or wrong operator token', 'operator-token');
  }
}

/** What `npm run deploy | rollback | remotes | seed` call while the server runs (it owns the database). */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorOptions> = async (
  app,
  { token, demoPassword, ...deps },
) => {
  app.addHook('onRequest', async (request) => checkOperator(request, token));
  const guarded = { 401: apiError, 403: apiError };

  app.post(
    '/api/operator/remotes/deployments',
    {
      schema: {
        tags: ['operator'],
        body: operatorRegisterBody,
        response: { 200: registrationResult, ...guarded, 404: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request) => {
      const { name, ...body } = request.body;
      return registerDeployment(deps, name, body);
    },
  );

  app.post(
    '/api/operator/remotes/:name/activate',
    {
      schema: {
        tags: ['operator'],
        params: remoteParams,
        body: operatorActivateBody,
        response: { 200: activationResult, ...guarded, 404: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request) => activateRemote(deps, request.params.name, request.body),
  );

  app.get(
    '/api/operator/remotes/history',
    { schema: { tags: ['operator'], response: { 200: remoteHistory, ...guarded } } },
    async () => getHistory(deps.db),
  );

  app.post(
    '/api/operator/seed',
    { schema: { tags: ['operator'], body: seedBody, response: { 200: seedResult, ...guarded } } },
    async (request) => seedDemo(deps.db, { password: demoPassword, reset: request.body.reset }),
  );
};
