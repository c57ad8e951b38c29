import * as z from 'zod/mini';
import { savedFormRef } from './forms';
import { FIELD_DATA_TYPES } from './form-template';
import { resultsCsvQuery, type ResultsCsvOptions } from './results-csv';

/**
 * FHIR R4 import and export of forms and filled forms (ADR 416): `GET /api/fhir/Questionnaire/{formId}`,
 * `POST /api/fhir/Questionnaire/$import`, `GET /api/fhir/QuestionnaireResponse/{id}` and
 * `GET /api/fhir/QuestionnaireResponse?formId=…` (a Bundle). The resources themselves are checked
 * against the official FHIR R4 JSON schema (`@formularze/domain/fhir/schema`), not here.
 */

const flag = z.optional(z.enum(['true', 'false']));
const databaseId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));

/** What the mapping could not carry over: an OperationOutcome issue (ADR 416). */
export const fhirMappingIssue = z.object({
  severity: z.enum(['fatal', 'error', 'warning', 'information']),
  code: z.string(),
  diagnostics: z.string(),
  /** The field's id (the item's linkId), or `Questionnaire` for the whole form. */
  expression: z.array(z.string()),
});
export type FhirMappingIssue = z.infer<typeof fhirMappingIssue>;

const resource = (type: string) => z.looseObject({ resourceType: z.literal(type) });

export const fhirQuestionnaireQuery = z.object({
  /** Another edition of the form's bag; the form's own when not given. */
  edition: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
});

/** The export: the Questionnaire and what it could not hold. */
export const fhirQuestionnaireExport = z.object({
  questionnaire: resource('Questionnaire'),
  issues: z.array(fhirMappingIssue),
});
export type FhirQuestionnaireExport = z.infer<typeof fhirQuestionnaireExport>;

/** The body of the import: a Questionnaire resource, as JSON. */
export const fhirQuestionnaireBody = resource('Questionnaire');

export const fhirMappedItem = z.object({
  linkId: z.string(),
  fhirType: z.string(),
  fieldType: z.nullable(z.enum(FIELD_DATA_TYPES)),
  text: z.nullable(z.string()),
});
export type FhirMappedItem = z.infer<typeof fhirMappedItem>;

/** The import's answer: the new draft form, and the report of what was mapped and what was not. */
export const fhirQuestionnaireImport = z.object({
  form: savedFormRef,
  name: z.string(),
  mapped: z.array(fhirMappedItem),
  issues: z.array(fhirMappingIssue),
});
export type FhirQuestionnaireImport = z.infer<typeof fhirQuestionnaireImport>;

/** One filled form: the patient pseudonymised unless personal data is asked for. */
export const fhirResponseQuery = z.object({ includePersonalData: flag });

/** The results' filter (as the CSV export takes it) of a form: the filled forms as one Bundle. */
export const fhirResponsesQuery = z.object({ formId: databaseId, ...resultsCsvQuery.shape });

export const fhirQuestionnaireResponse = resource('QuestionnaireResponse');
export const fhirBundle = resource('Bundle');

/** Identifies a person in the responses without personal data: the organization's person id (the CSV's "Id osoby"). */
export const FHIR_PERSON_ID_SYSTEM = 'https://formularze.pl/fhir/person-id';

export function fhirQuestionnairePath(formId: number, edition?: number): string {
  return `/api/fhir/Questionnaire/${formId}${edition === undefined ? '' : `?edition=${edition}`}`;
}

export const FHIR_IMPORT_PATH = '/api/fhir/Questionnaire/$import';

/** The Bundle of a form's results under the CSV export's filter. */
export function fhirResponsesBundlePath(formId: number, options: ResultsCsvOptions): string {
  const params = new URLSearchParams({
    formId: String(formId),
    includePersonalData: String(options.includePersonalData),
    includeMissingData: String(options.includeMissingData),
  });
  if (options.personId !== undefined) params.set('personId', String(options.personId));
  return `/api/fhir/QuestionnaireResponse?${params}`;
}

export const fhirQuestionnaireFileName = (formId: number, edition: number) =>
  `questionnaire-${formId}-v${edition}.json`;
export const FHIR_BUNDLE_FILE_NAME = 'wyniki-fhir.json';

export const FHIR_IMPORT_INVALID_JSON_MESSAGE = 'To nie jest poprawny JSON';
export const FHIR_IMPORT_NOT_QUESTIONNAIRE_MESSAGE = 'Oczekiwano zasobu FHIR typu Questionnaire';
