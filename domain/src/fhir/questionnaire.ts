import type {
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
} from '@medplum/fhirtypes';
import { FORM_NAME_MAX_LENGTH, type FormStatus } from '../schemas/forms';
import {
  DEFAULT_TEXT_MAX_ROWS,
  FIELD_DATA_TYPES,
  type DictionaryValue,
  type FieldDataType,
  type FormLayout,
  type FormRule,
  type TemplateField,
} from '../schemas/form-template';
import {
  booleanExtension,
  extensionOf,
  FHIR_EXTENSION,
  numberExtension,
  PRODUCT_EXTENSION,
  stringExtension,
} from './extensions';
import { information, warning, type MappingIssue } from './issues';

/**
 * A form edition ⇄ a FHIR R4 Questionnaire (ADR 416). Pure: the API exports and imports with it,
 * the editor may too. What FHIR cannot hold is returned as issues, never dropped in silence.
 */

type Field = Omit<TemplateField, 'children'> & { children?: { type: 'ROW'; children: Field[] }[] };

/** What the export is made from: one edition of a form. */
export interface FormEditionForFhir {
  id: number;
  edition: number;
  name: string;
  description: string | null;
  status: FormStatus;
  layout: FormLayout;
  formRules: readonly FormRule[];
  /** When the edition was last changed (ISO 8601), FHIR's `date`. */
  updatedAt?: string;
}

export interface QuestionnaireExport {
  questionnaire: Questionnaire;
  issues: MappingIssue[];
}

const STATUS: Record<FormStatus, Questionnaire['status']> = {
  DRAFT: 'draft',
  ACTIVE: 'active',
  PAUSED: 'active',
  SENT: 'active',
  ARCHIVE: 'retired',
  PREVIOUS_VERSION: 'retired',
  DELETED: 'retired',
};

type ItemType = QuestionnaireItem['type'];

/** The FHIR item type of each field type; the product's type is kept in an extension when FHIR's does not tell it. */
const ITEM_TYPES: Record<FieldDataType, ItemType> = {
  TEXT: 'string',
  TEXTAREA: 'text',
  NUMBER: 'decimal',
  FILE: 'attachment',
  SIGN: 'attachment',
  LOCATION: 'string',
  DICTIONARY: 'choice',
  TIME: 'time',
  DATE: 'date',
  DATETIME: 'dateTime',
  GROUP: 'group',
  REPEATING_GROUP: 'group',
  BOOL: 'boolean',
  PESEL: 'string',
  QRCODE: 'string',
  LABEL: 'display',
};

/** Field types that share a FHIR item type with another and need the product's extension on the way back. */
const TYPES_NEEDING_EXTENSION = new Set<FieldDataType>(['SIGN', 'LOCATION', 'PESEL', 'QRCODE']);

export const FILE_MIME_TYPES = {
  Document: 'application/*',
  Image: 'image/*',
  Movie: 'video/*',
  Any: '*/*',
} as const;

const PESEL_REGEX = '^[0-9]{11}$';

/** A number extension: valueInteger for whole numbers, valueDecimal otherwise. */
function numberValue(url: string, value: number, integer: boolean): Extension {
  return integer && Number.isInteger(value) ? { url, valueInteger: value } : { url, valueDecimal: value };
}

function answerOptionOf(
  field: Field,
  type: 'string' | 'number',
  entry: DictionaryValue,
  issues: MappingIssue[],
): QuestionnaireItemAnswerOption {
  const option: QuestionnaireItemAnswerOption =
    type === 'string'
      ? { valueString: entry.stringValue ?? '' }
      : Number.isInteger(entry.intValue)
        ? { valueInteger: entry.intValue! }
        : { valueString: String(entry.intValue) };
  if (type === 'number' && !Number.isInteger(entry.intValue)) {
    issues.push(
      warning(
        field.id,
        `Wartość słownika ${entry.intValue} nie jest liczbą całkowitą: zapisano ją jako tekst`,
      ),
    );
  }
  if (typeof entry.weight === 'number') {
    option.extension = [
      { url: FHIR_EXTENSION.ordinalValue, valueDecimal: entry.weight },
      { url: FHIR_EXTENSION.itemWeight, valueDecimal: entry.weight },
    ];
  }
  if (entry.color || entry.text) {
    issues.push(
      warning(
        field.id,
        `Kolor i tekst wartości „${entry.stringValue ?? entry.intValue}” nie mają odpowiednika w FHIR`,
      ),
    );
  }
  return option;
}

function itemsOfRows(
  rows: readonly { children: readonly Field[] }[],
  issues: MappingIssue[],
): QuestionnaireItem[] {
  return rows.flatMap((row, rowIndex) =>
    row.children.map((field) => {
      const item = itemOf(field, issues);
      if (row.children.length > 1) {
        item.extension = [
          ...(item.extension ?? []),
          { url: PRODUCT_EXTENSION.layoutRow, valueInteger: rowIndex },
        ];
      }
      return item;
    }),
  );
}

function itemOf(field: Field, issues: MappingIssue[]): QuestionnaireItem {
  const extension: Extension[] = [];
  let type = ITEM_TYPES[field.type];
  if (field.type === 'NUMBER' && field.numberType === 'INTEGER') type = 'integer';
  if (field.type === 'DICTIONARY' && field.allowAlternativeAnswer) type = 'open-choice';
  const item: QuestionnaireItem = { linkId: field.id, type };

  if (field.type === 'LABEL') {
    item.text = field.text ?? field.label ?? '';
    if (field.text && field.label)
      issues.push(warning(field.id, 'Tytuł etykiety pominięto: FHIR ma jeden tekst'));
    if (field.labelType === 'file')
      issues.push(warning(field.id, 'Etykieta z plikiem nie ma odpowiednika w FHIR'));
  } else {
    if (field.label) item.text = field.label;
    if (field.text) extension.push({ url: FHIR_EXTENSION.entryFormat, valueString: field.text });
  }
  if (TYPES_NEEDING_EXTENSION.has(field.type)) {
    extension.push({ url: PRODUCT_EXTENSION.fieldType, valueCode: field.type });
  }
  if (field.required && type !== 'display' && type !== 'group') item.required = true;
  if (field.required && (type === 'display' || type === 'group')) {
    issues.push(warning(field.id, 'Wymagalność etykiety lub grupy nie ma odpowiednika w FHIR'));
  }

  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      if (typeof field.size === 'number') item.maxLength = field.size;
      if (typeof field.maxRows === 'number') {
        extension.push({ url: PRODUCT_EXTENSION.maxRows, valueInteger: field.maxRows });
      }
      break;
    case 'PESEL':
      extension.push({ url: FHIR_EXTENSION.regex, valueString: PESEL_REGEX });
      break;
    case 'NUMBER': {
      const integer = type === 'integer';
      if (typeof field.minValue === 'number')
        extension.push(numberValue(FHIR_EXTENSION.minValue, field.minValue, integer));
      if (typeof field.maxValue === 'number')
        extension.push(numberValue(FHIR_EXTENSION.maxValue, field.maxValue, integer));
      if (typeof field.decimalDigitNumber === 'number') {
        extension.push({ url: FHIR_EXTENSION.maxDecimalPlaces, valueInteger: field.decimalDigitNumber });
      }
      break;
    }
    case 'FILE': {
      const max = field.maxNumberOfFiles;
      if (typeof max === 'number') {
        if (max !== 1) item.repeats = true;
        if (max > 1) extension.push({ url: FHIR_EXTENSION.maxOccurs, valueInteger: max });
      }
      if (field.fileType)
        extension.push({ url: FHIR_EXTENSION.mimeType, valueCode: FILE_MIME_TYPES[field.fileType] });
      break;
    }
    case 'DICTIONARY':
      if (field.allowMultipleAnswers) item.repeats = true;
      if (field.dictionary) {
        const dictionaryType = field.dictionary.type;
        item.answerOption = field.dictionary.dictionaryValues.map((entry) =>
          answerOptionOf(field, dictionaryType, entry, issues),
        );
      }
      if (field.alternativeAnswerLabel) {
        extension.push({
          url: PRODUCT_EXTENSION.alternativeAnswerLabel,
          valueString: field.alternativeAnswerLabel,
        });
      }
      if (field.saveDictionaryGlobally) {
        issues.push(information(field.id, 'Zapis słownika w organizacji nie jest częścią FHIR: pominięto'));
      }
      break;
    case 'REPEATING_GROUP':
      item.repeats = true;
      break;
  }
  if (field.children?.length) item.item = itemsOfRows(field.children, issues);
  if (field.type === 'GROUP' || field.type === 'REPEATING_GROUP') {
    // FHIR requires a group to hold items.
    if (!item.item?.length) {
      item.item = [{ linkId: `${field.id}.empty`, type: 'display', text: '' }];
      issues.push(
        information(field.id, 'Pusta grupa: dodano pustą etykietę, bo grupa FHIR musi mieć elementy'),
      );
    }
  }
  if (field.noteEnabled) extension.push({ url: PRODUCT_EXTENSION.noteEnabled, valueBoolean: true });
  if (field.showInTableView) extension.push({ url: PRODUCT_EXTENSION.showInTableView, valueBoolean: true });
  field.fieldRules?.forEach((rule, index) =>
    issues.push(
      warning(
        field.id,
        `Reguła pola nr ${index + 1} (${rule.operator} ${rule.arg1}${rule.arg2 == null ? '' : `–${rule.arg2}`}) ` +
          'oznacza wynik kolorem, tekstem lub punktami: FHIR (enableWhen) wyraża tylko warunki wyświetlania',
      ),
    ),
  );
  if (extension.length) item.extension = [...extension, ...(item.extension ?? [])];
  return item;
}

/** The Questionnaire of a form edition, and what it could not hold. */
export function formToQuestionnaire(form: FormEditionForFhir): QuestionnaireExport {
  const issues: MappingIssue[] = [];
  const questionnaire: Questionnaire = {
    resourceType: 'Questionnaire',
    id: String(form.id),
    version: String(form.edition),
    title: form.name,
    status: STATUS[form.status],
    ...(form.description ? { description: form.description } : {}),
    ...(form.updatedAt ? { date: form.updatedAt } : {}),
    item: itemsOfRows(form.layout.children as { children: Field[] }[], issues),
  };
  if (!questionnaire.item!.length) delete questionnaire.item;
  form.formRules.forEach((rule, index) =>
    issues.push(
      warning(
        'Questionnaire',
        `Reguła formularza nr ${index + 1} (suma punktów ${rule.operator} ${rule.arg1}` +
          `${rule.arg2 == null ? '' : `–${rule.arg2}`}) nie ma odpowiednika w FHIR`,
      ),
    ),
  );
  return { questionnaire, issues };
}

/* ------------------------------------------------------------------ import */

export interface MappedItem {
  linkId: string;
  fhirType: ItemType;
  /** The field it became, or null when it was left out. */
  fieldType: FieldDataType | null;
  text: string | null;
}

export interface QuestionnaireImport {
  /** What `POST /api/forms` takes: a draft form. */
  form: {
    name: string;
    description: string | null;
    layoutElementObject: FormLayout;
    formRules: FormRule[];
  };
  mapped: MappedItem[];
  issues: MappingIssue[];
}

export const DEFAULT_IMPORTED_TEXT_SIZE = 255;
export const DEFAULT_IMPORTED_TEXTAREA_SIZE = 2000;
export const IMPORTED_FORM_NAME = 'Formularz z FHIR';

const truncate = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;

function optionWeight(option: QuestionnaireItemAnswerOption): number | undefined {
  return (
    numberExtension(option.extension, FHIR_EXTENSION.itemWeight) ??
    numberExtension(option.extension, FHIR_EXTENSION.ordinalValue) ??
    numberExtension(option.extension, FHIR_EXTENSION.iso21090Value) ??
    numberExtension(option.valueCoding?.extension, FHIR_EXTENSION.ordinalValue) ??
    numberExtension(option.valueCoding?.extension, FHIR_EXTENSION.iso21090Value)
  );
}

function dictionaryOf(item: QuestionnaireItem, issues: MappingIssue[]): Field['dictionary'] {
  const options = item.answerOption ?? [];
  const numeric = options.every((option) => typeof option.valueInteger === 'number');
  let codesDropped = false;
  const values = options.flatMap((option): DictionaryValue[] => {
    let text: string | undefined;
    if (option.valueCoding) {
      text = option.valueCoding.display ?? option.valueCoding.code;
      if (option.valueCoding.code) codesDropped = true;
    } else if (option.valueString !== undefined) text = option.valueString;
    else if (option.valueInteger !== undefined) text = String(option.valueInteger);
    else if (option.valueDate !== undefined) text = option.valueDate;
    else if (option.valueTime !== undefined) text = option.valueTime;
    if (!numeric && !text?.trim()) {
      issues.push(warning(item.linkId, 'Odpowiedź bez wartości (np. odwołanie do zasobu) pominięto'));
      return [];
    }
    let weight = optionWeight(option);
    if (weight !== undefined && weight < 0) {
      issues.push(
        warning(item.linkId, `Ujemną wagę ${weight} odpowiedzi „${text}” pominięto: wagi są nieujemne`),
      );
      weight = undefined;
    }
    const entry: DictionaryValue = numeric
      ? { intValue: option.valueInteger! }
      : { stringValue: truncate(text, 500)! };
    if (weight !== undefined) entry.weight = weight;
    return [entry];
  });
  if (codesDropped) {
    issues.push(
      information(
        item.linkId,
        'Kody odpowiedzi (valueCoding) zapisano jako ich tekst (display); kodów się nie przechowuje',
      ),
    );
  }
  if (!values.length) return null;
  return { type: numeric ? 'number' : 'string', dictionaryValues: values };
}

interface ImportContext {
  issues: MappingIssue[];
  mapped: MappedItem[];
  /** Inside a group: groups are not nested in the product. */
  inGroup: boolean;
}

function fieldTypeOf(item: QuestionnaireItem, issues: MappingIssue[]): FieldDataType | null {
  const declared = stringExtension(item.extension, PRODUCT_EXTENSION.fieldType);
  if (declared && (FIELD_DATA_TYPES as readonly string[]).includes(declared))
    return declared as FieldDataType;
  switch (item.type) {
    case 'group':
      return item.repeats ? 'REPEATING_GROUP' : 'GROUP';
    case 'display':
      return 'LABEL';
    case 'boolean':
      return 'BOOL';
    case 'decimal':
    case 'integer':
      return 'NUMBER';
    case 'quantity':
      issues.push(warning(item.linkId, 'Ilość (quantity) zaimportowano jako liczbę: jednostki pominięto'));
      return 'NUMBER';
    case 'date':
      return 'DATE';
    case 'dateTime':
      return 'DATETIME';
    case 'time':
      return 'TIME';
    case 'string':
      return 'TEXT';
    case 'url':
      issues.push(information(item.linkId, 'Adres URL zaimportowano jako pole tekstowe'));
      return 'TEXT';
    case 'text':
      return 'TEXTAREA';
    case 'choice':
    case 'open-choice':
      return 'DICTIONARY';
    case 'attachment':
      return 'FILE';
    case 'question':
      issues.push(information(item.linkId, 'Element typu „question” zaimportowano jako pole tekstowe'));
      return 'TEXT';
    default:
      return null;
  }
}

function fieldOf(item: QuestionnaireItem, context: ImportContext): Field[] {
  const { issues } = context;
  const record = (fieldType: FieldDataType | null) =>
    context.mapped.push({ linkId: item.linkId, fhirType: item.type, fieldType, text: item.text ?? null });

  if (extensionOf(item.extension, FHIR_EXTENSION.calculatedExpression)) {
    record(null);
    issues.push(
      information(
        item.linkId,
        'Pole wyliczane (np. suma punktów) pominięto: system sumuje wagi odpowiedzi sam, jako wynik formularza',
      ),
    );
    return [];
  }
  let type = fieldTypeOf(item, issues);
  if (type === null) {
    record(null);
    issues.push(
      warning(item.linkId, `Typ elementu „${item.type}” nie ma odpowiednika w formularzu: pominięto`),
    );
    return [];
  }
  if ((type === 'GROUP' || type === 'REPEATING_GROUP') && context.inGroup) {
    record(null);
    issues.push(warning(item.linkId, 'Grupa w grupie: jej pola przeniesiono do grupy nadrzędnej'));
    return (item.item ?? []).flatMap((child) => fieldOf(child, context));
  }
  let dictionary: Field['dictionary'] = null;
  if (type === 'DICTIONARY') {
    dictionary = dictionaryOf(item, issues);
    if (!dictionary) {
      issues.push(
        warning(
          item.linkId,
          item.answerValueSet
            ? `Zbiór odpowiedzi ${item.answerValueSet} (answerValueSet) nie jest pobierany: pole zaimportowano jako tekstowe`
            : 'Pole wyboru bez odpowiedzi: zaimportowano je jako tekstowe',
        ),
      );
      type = 'TEXT';
    }
  }
  record(type);

  const field: Field = { id: truncate(item.linkId, 100)!, type };
  const label = truncate(item.text, 1000);
  if (type === 'LABEL') {
    field.text = truncate(item.text, 5000) ?? '';
    field.labelType = 'text';
  } else {
    if (label) field.label = label;
    const hint = stringExtension(item.extension, FHIR_EXTENSION.entryFormat);
    if (hint) field.text = truncate(hint, 5000);
  }
  if (item.required && type !== 'LABEL' && type !== 'GROUP' && type !== 'REPEATING_GROUP')
    field.required = true;
  if (booleanExtension(item.extension, PRODUCT_EXTENSION.noteEnabled)) field.noteEnabled = true;
  if (booleanExtension(item.extension, PRODUCT_EXTENSION.showInTableView)) field.showInTableView = true;

  switch (type) {
    case 'TEXT':
    case 'TEXTAREA': {
      field.size =
        item.maxLength ?? (type === 'TEXT' ? DEFAULT_IMPORTED_TEXT_SIZE : DEFAULT_IMPORTED_TEXTAREA_SIZE);
      const maxRows = numberExtension(item.extension, PRODUCT_EXTENSION.maxRows);
      if (maxRows !== undefined) field.maxRows = maxRows;
      else if (type === 'TEXT') field.maxRows = DEFAULT_TEXT_MAX_ROWS;
      const regex = stringExtension(item.extension, FHIR_EXTENSION.regex);
      if (regex) issues.push(warning(item.linkId, `Wzorzec odpowiedzi ${regex} (regex) nie jest sprawdzany`));
      break;
    }
    case 'NUMBER': {
      field.numberType = item.type === 'integer' ? 'INTEGER' : 'DECIMAL';
      const min = numberExtension(item.extension, FHIR_EXTENSION.minValue);
      const max = numberExtension(item.extension, FHIR_EXTENSION.maxValue);
      const places = numberExtension(item.extension, FHIR_EXTENSION.maxDecimalPlaces);
      if (min !== undefined) field.minValue = min;
      if (max !== undefined) field.maxValue = max;
      if (places !== undefined) field.decimalDigitNumber = Math.min(Math.max(Math.trunc(places), 0), 10);
      break;
    }
    case 'FILE': {
      const maxOccurs = numberExtension(item.extension, FHIR_EXTENSION.maxOccurs);
      field.maxNumberOfFiles = maxOccurs ?? (item.repeats ? 0 : 1);
      const mime = stringExtension(item.extension, FHIR_EXTENSION.mimeType);
      const fileType = (Object.entries(FILE_MIME_TYPES) as [keyof typeof FILE_MIME_TYPES, string][]).find(
        ([, code]) =>
          code === mime || (mime !== undefined && code.endsWith('/*') && mime.startsWith(code.slice(0, -1))),
      )?.[0];
      if (fileType) field.fileType = fileType;
      else if (mime) {
        field.fileType = 'Any';
        issues.push(information(item.linkId, `Typ pliku ${mime} zaimportowano jako „dowolny”`));
      }
      break;
    }
    case 'DICTIONARY':
      field.dictionary = dictionary;
      if (item.repeats) field.allowMultipleAnswers = true;
      if (item.type === 'open-choice') field.allowAlternativeAnswer = true;
      {
        const alternative = stringExtension(item.extension, PRODUCT_EXTENSION.alternativeAnswerLabel);
        if (alternative) field.alternativeAnswerLabel = truncate(alternative, 500);
      }
      break;
  }
  if (type === 'GROUP' || type === 'REPEATING_GROUP') {
    field.children = rowsOf(item.item ?? [], { ...context, inGroup: true }).filter(
      // The placeholder of an empty group (see the export) is not a field.
      (row) => row.children.length > 0,
    );
  } else if (item.item?.length) {
    issues.push(warning(item.linkId, 'Elementy zagnieżdżone w pytaniu przeniesiono za to pytanie'));
    return [field, ...item.item.flatMap((child) => fieldOf(child, context))];
  }
  if (item.enableWhen?.length) {
    issues.push(
      warning(
        item.linkId,
        'Warunek wyświetlania (enableWhen) pominięto: formularz pokazuje każde pole zawsze',
      ),
    );
  }
  if (item.initial?.length) issues.push(warning(item.linkId, 'Wartość początkową (initial) pominięto'));
  if (item.readOnly) issues.push(information(item.linkId, 'Pole tylko do odczytu zaimportowano jako zwykłe'));
  return [field];
}

function rowsOf(
  items: readonly QuestionnaireItem[],
  context: ImportContext,
): { type: 'ROW'; children: Field[] }[] {
  const rows: { type: 'ROW'; children: Field[]; key?: number }[] = [];
  for (const item of items) {
    if (context.inGroup && item.linkId.endsWith('.empty') && item.type === 'display' && !item.text) continue;
    const key = numberExtension(item.extension, PRODUCT_EXTENSION.layoutRow);
    const fields = fieldOf(item, context);
    if (!fields.length) continue;
    const last = rows.at(-1);
    if (key !== undefined && last && last.key === key) last.children.push(...fields);
    else rows.push({ type: 'ROW', children: fields, ...(key === undefined ? {} : { key }) });
  }
  return rows.map(({ type, children }) => ({ type, children }));
}

/** A draft form of a Questionnaire, with the report of what was mapped and what was not. */
export function questionnaireToForm(questionnaire: Questionnaire): QuestionnaireImport {
  const issues: MappingIssue[] = [];
  const mapped: MappedItem[] = [];
  const children = rowsOf(questionnaire.item ?? [], { issues, mapped, inGroup: false });
  const name =
    truncate((questionnaire.title ?? questionnaire.name ?? '').trim(), FORM_NAME_MAX_LENGTH) ||
    IMPORTED_FORM_NAME;
  const codes = (questionnaire.code ?? []).map((code) => `${code.system ?? ''}|${code.code ?? ''}`);
  if (codes.length) {
    issues.push(
      information('Questionnaire', `Kody kwestionariusza (${codes.join(', ')}) nie są przechowywane`),
    );
  }
  if (questionnaire.url) {
    issues.push(information('Questionnaire', `Adres kanoniczny ${questionnaire.url} nie jest przechowywany`));
  }
  return {
    form: {
      name,
      description: truncate(questionnaire.description, 5000) ?? null,
      layoutElementObject: { type: 'FORM', children: children as FormLayout['children'] },
      formRules: [],
    },
    mapped,
    issues,
  };
}
