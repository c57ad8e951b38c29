import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  joinOrganizationBody,
  joinOrganizationResponse,
  organizationNames,
  registerOrganizationBody,
  registerOrganizationResponse,
} from '@formularze/domain/schemas/registration';
import type { CaptchaService } from '../captcha/captcha-service';
import type { Database } from '../db/schema';
import { AUTH_RATE_LIMIT } from '../core/http/rate-limits';
import type { RegistrationEvents } from './registration-events';
import { listJoinableOrganizations } from './registration-repository';
import { joinOrganization, registerOrganization } from './registration-service';

/** Ids are PostgreSQL integers: a larger number would be a database error, not a 404. */
const orgParams = z.object({ org: z.coerce.number().int().positive().max(2_147_483_647) });

export interface RegistrationRoutesOptions {
  db: Kysely<Database>;
  captcha: CaptchaService;
  events: RegistrationEvents;
}

/** Self-registration: the joinable organizations, founding one, and joining one as a patient. */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (
  app,
  { db, captcha, events },
) => {
  app.get(
    '/api/organizations/names',
    {
      config: { access: 'public' },
      schema: { tags: ['registration'], response: { 200: organizationNames } },
    },
    () => listJoinableOrganizations(db),
  );

  app.post(
    '/api/organizations/register',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['registration'],
        body: registerOrganizationBody,
        response: { 200: registerOrganizationResponse, 400: apiError, 409: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { captcha: solution, ...registration } = request.body;
      await captcha.verify(solution);
      const created = await registerOrganization(db, events, registration);
      request.log.info({ organizationId: created.organizationId }, 'organization registered');
      return created;
    },
  );

  app.post(
    '/api/organizations/:org/join',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['registration'],
        params: orgParams,
        body: joinOrganizationBody,
        response: {
          200: joinOrganizationResponse,
          400: apiError,
          404: apiError,
          409: apiError,
          429: apiError,
        },
      },
    },
    async (request) => {
      const { captcha: solution, ...registration } = request.body;
      await captcha.verify(solution);
      const joined = await joinOrganization(db, request.params.org, registration);
      request.log.info({ organizationId: request.params.org }, 'patient self-registered');
      return joined;
    },
  );
};
