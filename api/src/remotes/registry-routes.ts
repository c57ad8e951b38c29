import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateRemoteBody,
  activeRemote,
  apiError,
  devOverrideBody,
  remoteHistory,
  remoteRegistry,
} from '@formularze/domain/schemas';
import { authToken } from '../auth/auth-token';
import { hashToken } from '../auth/sessions-repository';
import { currentSuperAdmin } from '../auth/super-admin-guard';
import {
  activeDevOverrides,
  DEV_OVERRIDE_TTL_MS,
  DEV_OVERRIDES_COOKIE,
  grantDevOverride,
  revokeDevOverrides,
  withDevOverrides,
} from './dev-overrides';
import { activateRemote, getHistory, getRegistry, type RegistryDeps } from './registry-service';

export const remoteParams = z.object({ name: z.string().max(100) });

export const registryRoutes: FastifyPluginAsyncZod<RegistryDeps> = async (app, deps) => {
  app.get(
    '/api/remotes',
    { config: { access: 'public' }, schema: { tags: ['remotes'], response: { 200: remoteRegistry } } },
    async (request, reply) => {
      // Pages compare revisions to notice a deployment; a cached copy would hide it.
      reply.header('Cache-Control', 'no-cache');
      const [registry, overrides] = await Promise.all([
        getRegistry(deps.db),
        activeDevOverrides(deps.db, request.cookies[DEV_OVERRIDES_COOKIE], new Date()),
      ]);
      return withDevOverrides(registry, overrides);
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

  // A developer's remote inside the real page, in this browser only: granted by a super-admin
  // session, for loopback addresses only, ended with that session (remotes/dev-overrides.ts).
  app.post(
    '/api/remotes/dev-overrides',
    {
      config: { access: 'super-admin' },
      schema: {
        tags: ['remotes'],
        body: devOverrideBody,
        response: { 200: remoteRegistry, 400: apiError, 401: apiError },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const token = await grantDevOverride(deps.db, {
        token: request.cookies[DEV_OVERRIDES_COOKIE] ?? null,
        sessionTokenHash: hashToken(authToken(request)!),
        override: request.body,
        now,
      });
      reply.setCookie(DEV_OVERRIDES_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: DEV_OVERRIDE_TTL_MS / 1000,
      });
      return withDevOverrides(await getRegistry(deps.db), await activeDevOverrides(deps.db, token, now));
    },
  );

  // Anyone holding the cookie may end it: the banner's "Wyłącz" works whoever is signed in.
  app.delete(
    '/api/remotes/dev-overrides',
    { config: { access: 'public' }, schema: { tags: ['remotes'], response: { 204: z.undefined() } } },
    async (request, reply) => {
      await revokeDevOverrides(deps.db, request.cookies[DEV_OVERRIDES_COOKIE]);
      reply.clearCookie(DEV_OVERRIDES_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );
};
