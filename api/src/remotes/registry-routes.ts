import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activateRemoteBody, activeRemote, apiError, remoteHistory, remoteRegistry } from 'shared-ui/schemas';
import { currentSuperAdmin } from '../auth/super-admin-guard';
import { activateRemote, getHistory, getRegistry, type RegistryDeps } from './registry-service';

export const remoteParams = z.object({ name: z.string().max(100) });

export const registryRoutes: FastifyPluginAsyncZod<RegistryDeps> = async (app, deps) => {
  app.get(
    '/api/remotes',
    { config: { access: 'public' }, schema: { tags: ['remotes'], response: { 200: remoteRegistry } } },
    async (_request, reply) => {
      // Pages compare revisions to notice a deployment; a cached copy would hide it.
      reply.header('Cache-Control', 'no-cache');
      return getRegistry(deps.db);
    },
  );

  app.get(
    '/api/remotes/history',
    {
      config: { access: 'super-admin' },
      schema: { tags: ['remotes'], response: { 200: remoteHistory, 401: apiError } },
    },
    async () => getHistory(deps.db),
  );

  app.post(
    '/api/remotes/:name/activate',
    {
      config: { access: 'super-admin' },
      schema: {
        tags: ['remotes'],
        params: remoteParams,
        body: activateRemoteBody,
        response: { 200: activeRemote, 401: apiError, 404: apiError, 409: apiError, 422: apiError },
      },
    },
    async (request) => {
      const { active } = await activateRemote(deps, request.params.name, {
        version: request.body.version,
        activatedBy: currentSuperAdmin(request).email,
      });
      return active;
    },
  );
};
