import type { Extension } from '@medplum/fhirtypes';

/**
 * The extensions of the FHIR mapping (ADR 416): the standard ones of FHIR R4 and Structured Data
 * Capture, and the product's own for what no standard element holds (read back on import, ignored
 * by other FHIR tools).
 */

export const FHIR_EXTENSION = {
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  maxDecimalPlaces: 'http://hl7.org/fhir/StructureDefinition/maxDecimalPlaces',
  maxOccurs: 'http://hl7.org/fhir/StructureDefinition/questionnaire-maxOccurs',
  mimeType: 'http://hl7.org/fhir/StructureDefinition/mimeType',
  entryFormat: 'http://hl7.org/fhir/StructureDefinition/entryFormat',
  regex: 'http://hl7.org/fhir/StructureDefinition/regex',
  ordinalValue: 'http://hl7.org/fhir/StructureDefinition/ordinalValue',
  itemWeight: 'http://hl7.org/fhir/StructureDefinition/itemWeight',
  /** ISO 21090 coded ordinal: how older questionnaires (LHC-Forms among them) give an answer's score. */
  iso21090Value: 'http://hl7.org/fhir/StructureDefinition/iso21090-CO-value',
  calculatedExpression:
    'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression',
  itemControl: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
} as const;

const PRODUCT_BASE = 'https://formularze.pl/fhir/StructureDefinition/';

export const PRODUCT_EXTENSION = {
  /** The product's field type where the FHIR item type does not tell it (SIGN, LOCATION, PESEL…). */
  fieldType: `${PRODUCT_BASE}field-type`,
  /** Which row of the layout (within the form or the group) the field sits in. */
  layoutRow: `${PRODUCT_BASE}layout-row`,
  maxRows: `${PRODUCT_BASE}max-rows`,
  noteEnabled: `${PRODUCT_BASE}note-enabled`,
  showInTableView: `${PRODUCT_BASE}show-in-table-view`,
  alternativeAnswerLabel: `${PRODUCT_BASE}alternative-answer-label`,
  /** A response's total points and the form's message (colour, text) when the answers were scored. */
  totalScore: `${PRODUCT_BASE}total-score`,
  resultColor: `${PRODUCT_BASE}result-color`,
  resultText: `${PRODUCT_BASE}result-text`,
  /** A response item's note. */
  note: `${PRODUCT_BASE}note`,
} as const;

export const extensionOf = (extensions: Extension[] | undefined, url: string): Extension | undefined =>
  extensions?.find((extension) => extension.url === url);

/** The number an extension holds (integer or decimal), or undefined. */
export function numberExtension(extensions: Extension[] | undefined, url: string): number | undefined {
  const found = extensionOf(extensions, url);
  const value = found?.valueInteger ?? found?.valueDecimal;
  return typeof value === 'number' ? value : undefined;
}

export function stringExtension(extensions: Extension[] | undefined, url: string): string | undefined {
  const found = extensionOf(extensions, url);
  const value = found?.valueString ?? found?.valueCode;
  return typeof value === 'string' ? value : undefined;
}

export function booleanExtension(extensions: Extension[] | undefined, url: string): boolean | undefined {
  return extensionOf(extensions, url)?.valueBoolean;
}
