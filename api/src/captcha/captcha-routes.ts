import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge } from '@formularze/domain/schemas/registration';
import type { CaptchaService } from './captcha-service';

/** `GET /api/captcha/challenge`: what `<altcha-widget challenge="…">` fetches before it solves. */
export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  app.get(
    '/api/captcha/challenge',
    {
      config: { access: 'public' },
      schema: { tags: ['registration'], response: { 200: captchaChallenge } },
    },
    async (_request, reply) => {
      // Every challenge is single-use: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  );
};
