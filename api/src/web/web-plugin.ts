import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ORG_MEDIA_PREFIX } from 'shared-ui/schemas';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { errorBody } from '../http/error-handler';
import { DEPLOYMENTS_PATH } from '../remotes/manifest-urls';
import { registrySnapshot } from '../remotes/registry-service';
import { appConfigFor } from '../system/app-config';
import { contentSecurityPolicy, remoteOrigins } from './content-security-policy';
import { renderIndexHtml } from './index-html';

/**
 * Hashed file names and versioned deployment folders never change, so browsers may keep them for
 * good; builds write `.br`/`.gz` next to each file, sent as they are to browsers that accept them.
 */
const STATIC_FILES = { maxAge: '365d', immutable: true, preCompressed: true } as const;

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
    });

    async function sendIndex(reply: FastifyReply, pathname: string) {
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
      const [{ registry, rows }, appConfig] = await Promise.all([
        registrySnapshot(db),
        appConfigFor(db, config),
      ]);
      // From the registry the page starts with, so it allows exactly the remotes this page may load.
      const policy = contentSecurityPolicy(remoteOrigins(registry));
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', policy)
        .send(renderIndexHtml(template, { registry, rows, pathname, appConfig }));
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = new URL(request.url, 'http://server.invalid').pathname;
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isNeverPage(pathname);
      if (isPage) return sendIndex(reply, pathname);
      return reply
        .status(404)
        .send(errorBody(404, `Nie znaleziono: ${request.method} ${pathname}`, { code: 'not-found' }));
    });
  },
  { name: 'web' },
);
