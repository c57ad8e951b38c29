import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { apiError } from '@formularze/domain/schemas';
import {
  FHIR_PERSON_ID_SYSTEM,
  fhirBundle,
  fhirQuestionnaireBody,
  fhirQuestionnaireExport,
  fhirQuestionnaireImport,
  fhirQuestionnaireQuery,
  fhirQuestionnaireResponse,
  fhirResponseQuery,
  fhirResponsesQuery,
} from '@formularze/domain/schemas/fhir';
import type { FormLayout } from '@formularze/domain/schemas/form-template';
import { formPayload, savedFormRef } from '@formularze/domain/schemas/forms';
import { resultsCsvOptions } from '@formularze/domain/schemas/results-csv';
import {
  filledFormToResponse,
  formToQuestionnaire,
  questionnaireToForm,
  responsesBundle,
} from '@formularze/domain/fhir';
import { validateFhir } from '@formularze/domain/fhir/schema';
import type { Clock } from '../core/clock';
import { InvalidFieldsError } from '../core/errors';
import type { Database } from '../db/schema';
import { recordStaffRead } from '../audit/access-audit';
import { formIdParam, formIdParams, formsCaller } from '../forms/forms-access';
import { createForm } from '../forms/forms-repository';
import { callerOf } from '../filled-data/filled-data-routes';
import { findFilledData } from '../filled-data/filled-data-repository';
import {
  EXPORT_BATCH_SIZE,
  exportBatch,
  exportedRows,
  exportScope,
} from '../results-csv/results-csv-repository';
import type { ExportRow } from '../results-csv/csv-columns';
import { findEdition, templateOf } from './fhir-repository';

const tags = ['fhir'];
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** Schema complaints reported at most, so a broken file does not make a huge answer. */
const MAX_REPORTED_PROBLEMS = 20;

interface Person {
  id: number;
  name: string | null;
  hospitalIdentifier: string | null;
}

/**
 * The patient as a response names them: without personal data, only the organization's person id
 * (the CSV's "Id osoby"); with it, also the name and the hospital identifier.
 */
function subjectOf(person: Person, withPersonalData: boolean): Reference {
  const identifier = { system: FHIR_PERSON_ID_SYSTEM, value: String(person.id) };
  if (!withPersonalData) return { identifier };
  return {
    identifier,
    ...(person.name ? { display: person.name } : {}),
    ...(person.hospitalIdentifier
      ? {
          extension: [
            {
              url: 'https://formularze.pl/fhir/StructureDefinition/hospital-identifier',
              valueString: person.hospitalIdentifier,
            },
          ],
        }
      : {}),
  };
}

function refuseInvalid(problems: { path: string; message: string }[]): never {
  throw new InvalidFieldsError(
    Object.fromEntries(
      problems.slice(0, MAX_REPORTED_PROBLEMS).map((problem) => [problem.path, problem.message]),
    ),
  );
}

const sendFhir = (reply: FastifyReply, resource: unknown) => reply.type(FHIR_JSON).send(resource);

function responseOfRow(
  row: ExportRow,
  edition: { id: number; template: FormLayout },
  withPersonalData: boolean,
  withPoints: boolean,
): QuestionnaireResponse {
  const name = [row.person.firstName, row.person.surname].filter(Boolean).join(' ');
  return filledFormToResponse(
    {
      id: row.id,
      formId: edition.id,
      edition: row.edition,
      state: row.state,
      authored: row.completedAt?.toISOString() ?? null,
      answers: row.answers,
      fileNames: row.fileNames,
      totalWeight: withPoints ? row.totalWeight : null,
      color: withPoints ? row.color : null,
      text: withPoints ? row.text : null,
    },
    edition.template,
    subjectOf(
      { id: row.person.id, name: name || null, hospitalIdentifier: row.person.hospitalIdentifier },
      withPersonalData,
    ),
  );
}

/**
 * `/api/fhir/…` (ADR 416): FHIR R4 JSON. The form's Questionnaire and the import are the form
 * editor's (reading forms, creating one); the responses are read as the results' CSV is, personal
 * data only when asked for, each read of patients' answers recorded in the access audit trail.
 */
export const fhirRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/fhir/Questionnaire/:formId',
    {
      config: { access: { permission: 'forms:fetch' } },
      schema: {
        tags,
        params: formIdParam,
        querystring: fhirQuestionnaireQuery,
        response: { 200: fhirQuestionnaireExport, 404: apiError },
      },
    },
    async (request) => {
      const { organizationId } = formsCaller(request);
      const edition = await findEdition(db, {
        organizationId,
        formId: request.params.formId,
        ...(request.query.edition === undefined ? {} : { edition: request.query.edition }),
      });
      const { questionnaire, issues } = formToQuestionnaire({
        id: edition.id,
        edition: edition.edition,
        name: edition.name,
        description: edition.description,
        status: edition.status,
        layout: edition.template,
        formRules: edition.rules,
        updatedAt: edition.updatedAt.toISOString(),
      });
      return { questionnaire: questionnaire as unknown as z.infer<typeof fhirQuestionnaireBody>, issues };
    },
  );

  app.post(
    '/api/fhir/Questionnaire/$import',
    {
      config: { access: { permission: 'form:create' } },
      schema: {
        tags,
        body: fhirQuestionnaireBody,
        response: { 201: fhirQuestionnaireImport, 400: apiError },
      },
    },
    async (request, reply) => {
      const { organizationId, userId } = formsCaller(request);
      const problems = validateFhir(request.body);
      if (problems.length) refuseInvalid(problems);
      const imported = questionnaireToForm(request.body as unknown as Questionnaire);
      const payload = formPayload.safeParse(imported.form);
      if (!payload.success) {
        refuseInvalid(
          payload.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      const saved = await createForm(db, { organizationId, userId, payload: payload.data, now: clock() });
      request.log.info(
        { userId, formId: saved.id, issues: imported.issues.length },
        'form imported from FHIR',
      );
      return reply.status(201).send({
        form: savedFormRef.parse(saved),
        name: payload.data.name,
        mapped: imported.mapped,
        issues: imported.issues,
      });
    },
  );

  app.get(
    '/api/fhir/QuestionnaireResponse/:id',
    {
      config: { access: { permission: 'form-fill-details:page' } },
      schema: {
        tags,
        params: formIdParams,
        querystring: fhirResponseQuery,
        response: { 200: fhirQuestionnaireResponse, 404: apiError },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const filled = await findFilledData(db, { caller, id: request.params.id });
      const template = await templateOf(db, {
        organizationId: caller.organizationId,
        formId: filled.form.id,
      });
      const withPersonalData = request.query.includePersonalData === 'true';
      await recordStaffRead(db, request, {
        operation: 'results.fhir',
        patientIds: [filled.filledBy.id],
        resourceType: 'form_data',
        resourceIds: [filled.id],
        rowCount: 1,
        details: request.query,
      });
      const response = filledFormToResponse(
        {
          id: filled.id,
          formId: filled.form.id,
          edition: filled.form.edition,
          state: filled.state,
          authored: filled.completedAt ?? filled.updatedAt,
          answers: filled,
          fileNames: Object.fromEntries(
            Object.entries(filled.filesData).map(([field, files]) => [field, files.map((file) => file.name)]),
          ),
          totalWeight: filled.totalWeight,
          color: caller.readsAllData ? filled.color : null,
          text: caller.readsAllData ? filled.text : null,
        },
        template,
        subjectOf(
          {
            id: filled.filledBy.id,
            name: filled.filledBy.name,
            hospitalIdentifier: filled.filledBy.hospitalIdentifier,
          },
          withPersonalData,
        ),
      );
      return sendFhir(reply, response);
    },
  );

  app.get(
    '/api/fhir/QuestionnaireResponse',
    {
      config: { access: { permission: 'form-fill-details:page' } },
      schema: {
        tags,
        querystring: fhirResponsesQuery,
        response: { 200: fhirBundle, 404: apiError },
      },
    },
    async (request: FastifyRequest<{ Querystring: z.infer<typeof fhirResponsesQuery> }>, reply) => {
      const caller = callerOf(request);
      const { formId, ...filter } = request.query;
      const options = resultsCsvOptions(filter);
      const scope = await exportScope(db, { caller, formId, options });
      const withPersonalData = options.includePersonalData;
      if (caller.readsAllData) {
        await recordStaffRead(db, request, {
          operation: 'results.fhir',
          ...(await exportedRows(db, scope)),
          resourceType: 'form',
          resourceIds: [formId],
          details: request.query,
        });
      }
      const editions = new Map(
        scope.editions.map((edition, index) => [
          edition.edition,
          { id: scope.editionIds[index]!, template: edition.template },
        ]),
      );
      const responses: QuestionnaireResponse[] = [];
      for (let afterId = 0; ;) {
        const batch = await exportBatch(db, scope, { afterId, withPersonalData });
        for (const row of batch) {
          responses.push(
            responseOfRow(row, editions.get(row.edition)!, withPersonalData, caller.readsAllData),
          );
        }
        if (batch.length < EXPORT_BATCH_SIZE) break;
        afterId = batch.at(-1)!.id;
      }
      request.log.info(
        { userId: caller.userId, formId, ...options, count: responses.length },
        'filled data exported as FHIR',
      );
      return sendFhir(reply, responsesBundle(responses, 'searchset', clock().toISOString()));
    },
  );
};
