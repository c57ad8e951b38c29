import type { OperationOutcomeIssue } from '@medplum/fhirtypes';

/**
 * What an export or an import could not carry over, as the issues of a FHIR OperationOutcome:
 * `severity` warning for a part left out, information for a part kept only approximately (or only
 * in the product's own extensions); `expression` names the field (its id / the item's linkId) or
 * `Questionnaire` for the whole form; `diagnostics` says it in Polish (ADR 416).
 */
export type MappingIssue = Required<Pick<OperationOutcomeIssue, 'severity' | 'code' | 'diagnostics'>> & {
  expression: string[];
};

export function warning(where: string, diagnostics: string): MappingIssue {
  return { severity: 'warning', code: 'not-supported', diagnostics, expression: [where] };
}

export function information(where: string, diagnostics: string): MappingIssue {
  return { severity: 'information', code: 'informational', diagnostics, expression: [where] };
}
