import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, remoteHistory } from '@formularze/domain/schemas';
import { seedDemo } from '../accounts/seed';
import { verifyAccessAudit } from '../audit/audit-chain';
import { remoteParams } from '../remotes/registry-routes';
import {
  activateRemote,
  getHistory,
  registerDeployment,
  type RegistryDeps,
} from '../remotes/registry-service';
import {
  activationResult,
  auditVerification,
  operatorActivateBody,
  operatorRegisterBody,
  registrationResult,
  seedBody,
  seedResult,
} from './operator-schemas';

export interface OperatorOptions extends RegistryDeps {
  demoPassword: string;
}

/**
 * What `npm run deploy | rollback | remotes | seed | audit:verify` call while the server runs (it owns the
 * database). Access control checks the operator token (access `operator`, see operator-guard.ts).
 */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorOptions> = async (
  app,
  { demoPassword, ...deps },
) => {
  const config = { access: 'operator' } as const;
  const guarded = { 401: apiError, 403: apiError };

  app.post(
    '/api/operator/remotes/deployments',
    {
      config,
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
      config,
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
    { config, schema: { tags: ['operator'], response: { 200: remoteHistory, ...guarded } } },
    async () => getHistory(deps.db),
  );

  app.post(
    '/api/operator/seed',
    { config, schema: { tags: ['operator'], body: seedBody, response: { 200: seedResult, ...guarded } } },
    async (request) => seedDemo(deps.db, { password: demoPassword, reset: request.body.reset }),
  );

  app.get(
    '/api/operator/audit/verify',
    { config, schema: { tags: ['operator'], response: { 200: auditVerification, ...guarded } } },
    async () => verifyAccessAudit(deps.db, { now: new Date() }),
  );
};
