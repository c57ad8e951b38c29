import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { helpMedia, ORG_MEDIA_PREFIX } from '@formularze/domain/schemas';
import type { Config } from '../core/config';
import { servedType } from '../core/http/served-type';
import { listHelpFiles } from './media-files';

/**
 * The media folder at /org-media/files (terms PDFs, manuals, instructions, the video), and the list
 * of installed help files the shell offers buttons for. The product's built-in help is served behind
 * the media folder: a file is looked up there only when the operator has not installed one of the
 * same path. Files open in the browser (inline) and are never sniffed into another type;
 * `@fastify/static` refuses paths that leave the folders.
 */
export const mediaPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await mkdir(config.mediaDir, { recursive: true });
    const folders = [config.mediaDir, config.builtInHelpDir];
    await app.register(fastifyStatic, {
      root: folders,
      // Without a help build the built-in folder is missing: the media folder alone is served.
      suppressWarning: true,
      prefix: `${ORG_MEDIA_PREFIX}/`,
      decorateReply: false,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders: (reply: FastifyReply) => {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string') reply.header('Content-Type', servedType(type));
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
        // The operator's folder is where files get installed: it is there to find even when emptied.
        await mkdir(config.mediaDir, { recursive: true });
        return { files: await listHelpFiles(folders) };
      },
    );
  },
  { name: 'media' },
);
