import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { fhirRoutes } from './fhir-routes';

/**
 * FHIR R4 (ADR 416): a form edition exported as a Questionnaire or a new draft form imported from
 * one, and filled forms exported as QuestionnaireResponses (one, or a results filter's Bundle).
 */
export const fhirPlugin: FastifyPluginAsync<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(fhirRoutes, options);
};
