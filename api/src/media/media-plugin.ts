import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { helpMedia, ORG_MEDIA_PREFIX } from 'shared-ui/schemas';
import type { Config } from '../config';
import { listHelpFiles } from './media-files';

/**
 * The media folder at /org-media/files (terms PDFs, manuals, instructions, the video), and the list
 * of installed help files the shell offers buttons for. Files open in the browser (inline) and are
 * never sniffed into another type; `@fastify/static` refuses paths that leave the folder.
 */
export const mediaPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await mkdir(config.mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: `${ORG_MEDIA_PREFIX}/`,
      decorateReply: false,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders: (reply: FastifyReply) => {
        reply.header('Content-Disposition', 'inline');
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });

    app.get(
      '/api/media',
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: helpMedia } } },
      async (_request, reply) => {
        // Installing a file must show its button without waiting for a cache to expire.
        reply.header('Cache-Control', 'no-cache');
        return { files: await listHelpFiles(config.mediaDir) };
      },
    );
  },
  { name: 'media' },
);
