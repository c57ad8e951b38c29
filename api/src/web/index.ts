import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ORG_MEDIA_PREFIX } from '@formularze/domain/schemas';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { errorBody } from '../core/http/error-handler';
import { activeDevOverrides, DEV_OVERRIDES_COOKIE, withDevOverrides } from '../remotes/dev-overrides';
import { DEPLOYMENTS_PATH } from '../remotes/manifest-urls';
import { registrySnapshot } from '../remotes/registry-service';
import { appConfigFor } from '../system/app-config';
import { contentSecurityPolicy, liveReloadOrigins, remoteOrigins } from './content-security-policy';
import { renderIndexHtml } from './index-html';

/**
 * Hashed file names and versioned deployment folders never change, so browsers may keep them for
 * good; builds write `.br`/`.gz` next to each file, sent as they are to browsers that accept them.
 */
const STATIC_FILES = { maxAge: '365d', immutable: true, preCompressed: true } as const;

/**
 * The service worker's script is checked for a new shell at every navigation: a browser keeps it
 * for at most a day anyway, and a stale copy would delay an update by that long.
 */
const SERVICE_WORKER_PATH = '/sw.js';

const SHELL_NOT_BUILT =
  'Interfejs aplikacji nie został jeszcze zbudowany. Uruchom „npm start” w katalogu głównym repozytorium.';

/** Addresses that are never pages: a miss there is a JSON 404, not the shell. */
function isNeverPage(pathname: string): boolean {
  return ['/api', '/employees', DEPLOYMENTS_PATH, ORG_MEDIA_PREFIX].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * The shell (a single-page app) at `/`, deployed remotes at `/deployments/`, and index.html for
 * every other page address so that the shell's router can take over.
 */
export const webPlugin = fp<{ db: Kysely<Database>; config: Config }>(
  async (app, { db, config }) => {
    const { shellOrigin } = config;
    await app.register(fastifyStatic, {
      root: config.deploymentsDir,
      prefix: `${DEPLOYMENTS_PATH}/`,
      decorateReply: false,
      index: false,
      ...STATIC_FILES,
      ...(shellOrigin && {
        setHeaders: (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', shellOrigin),
      }),
    });

    await app.register(fastifyStatic, {
      root: config.shellDist,
      prefix: '/',
      decorateReply: false,
      index: false,
      ...STATIC_FILES,
      // index.html is rendered per request (see below), never served as a file; folders fall through to it too.
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      setHeaders: (reply: FastifyReply) => {
        if (new URL(reply.request.url, 'http://server.invalid').pathname === SERVICE_WORKER_PATH) {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });

    async function sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string) {
      let template: string;
      try {
        // Read on every request: rebuilding the shell must not need a server restart.
        template = await readFile(path.join(config.shellDist, 'index.html'), 'utf8');
      } catch {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(SHELL_NOT_BUILT);
      }
      const [snapshot, appConfig, overrides] = await Promise.all([
        registrySnapshot(db),
        appConfigFor(db, config),
        activeDevOverrides(db, request.cookies[DEV_OVERRIDES_COOKIE], new Date()),
      ]);
      const registry = withDevOverrides(snapshot.registry, overrides);
      // The page preloads no deployed version of a remote it takes from a developer's machine.
      const rows = snapshot.rows.filter((row) => !overrides.some((override) => override.remote === row.name));
      // From the registry the page starts with, so it allows exactly the remotes this page may load
      // (and the live-reload socket of a developer's server).
      const policy = contentSecurityPolicy(remoteOrigins(registry), liveReloadOrigins(overrides));
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', policy)
        .send(renderIndexHtml(template, { registry, rows, pathname, appConfig }));
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = new URL(request.url, 'http://server.invalid').pathname;
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isNeverPage(pathname);
      if (isPage) return sendIndex(request, reply, pathname);
      return reply
        .status(404)
        .send(errorBody(404, `Nie znaleziono: ${request.method} ${pathname}`, { code: 'not-found' }));
    });
  },
  { name: 'web' },
);
export { securityHeaders } from './security-headers';
