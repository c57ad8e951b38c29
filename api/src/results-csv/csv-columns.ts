import { formatDateTime } from '@formularze/domain/schemas/display-format';
import type { FilledAnswers, FilledFormState } from '@formularze/domain/schemas/filled-data';
import { templateFields, type FormLayout } from '@formularze/domain/schemas/form-template';
import {
  answerCell,
  answersCell,
  MULTIPLE_ANSWERS_SEPARATOR,
  polishNumber,
  REPEATED_ROWS_SEPARATOR,
  safeText,
} from './csv-cells';

/** One filled form as the export reads it. */
export interface ExportRow {
  id: number;
  state: FilledFormState;
  edition: number;
  completedAt: Date | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  totalWeight: number | null;
  color: string | null;
  text: string | null;
  /** Empty (`{}`) for an unfilled scheduled form. */
  answers: Partial<FilledAnswers>;
  /** Field id → the names of its attached files, in their order. */
  fileNames: Record<string, string[]>;
  person: {
    id: number;
    firstName: string | null;
    surname: string | null;
    email: string | null;
    phone: string | null;
    hospitalIdentifier: string | null;
    address: Record<string, string | null> | null;
  };
}

export interface ExportColumn {
  header: string;
  cell: (row: ExportRow) => string;
}

export interface ColumnChoice {
  /** Staff: total points, the message colour and text. */
  withPoints: boolean;
  withPersonalData: boolean;
}

/** The template of one edition of the form. */
export interface EditionTemplate {
  edition: number;
  template: FormLayout;
}

type Field = ReturnType<typeof templateFields>[number]['field'];

/** A field that takes answers, as it appears across the editions. */
interface AnsweredField {
  field: Field;
  /** Its distinct labels: the chosen edition's first, then the other editions', newest first. */
  labels: string[];
  /** A member of a repeating group: one answer per row. */
  repeated: boolean;
  /** Any edition let people add a note / an alternative answer. */
  noteEnabled: boolean;
  alternativeAnswer: boolean;
}

const CONTAINER_TYPES = new Set(['LABEL', 'GROUP', 'REPEATING_GROUP']);

function answeredFields(template: FormLayout): AnsweredField[] {
  const repeatedMembers = new Set(
    templateFields(template)
      .filter(({ field }) => field.type === 'REPEATING_GROUP')
      .flatMap(({ field }) =>
        ('children' in field ? (field.children ?? []) : []).flatMap((row) => row.children.map((m) => m.id)),
      ),
  );
  return templateFields(template)
    .filter(({ field }) => !CONTAINER_TYPES.has(field.type))
    .map(({ field }) => ({
      field,
      labels: field.label?.trim() ? [field.label.trim()] : [],
      repeated: repeatedMembers.has(field.id),
      noteEnabled: Boolean(field.noteEnabled),
      alternativeAnswer: Boolean(field.allowAlternativeAnswer),
    }));
}

/**
 * The fields of all editions by id, so a column means the same field whatever edition a row was
 * filled in: the chosen edition's fields in its order, then the fields only other editions had,
 * newest first. A field labelled otherwise in another edition carries both labels.
 */
function fieldsAcrossEditions(editions: readonly EditionTemplate[], chosenEdition: number): AnsweredField[] {
  const byId = new Map<string, AnsweredField>();
  const chosenFirst = [...editions].sort(
    (a, b) =>
      Number(b.edition === chosenEdition) - Number(a.edition === chosenEdition) || b.edition - a.edition,
  );
  for (const { template } of chosenFirst) {
    for (const answered of answeredFields(template)) {
      const known = byId.get(answered.field.id);
      if (!known) byId.set(answered.field.id, answered);
      else {
        for (const label of answered.labels) if (!known.labels.includes(label)) known.labels.push(label);
        known.noteEnabled ||= answered.noteEnabled;
        known.alternativeAnswer ||= answered.alternativeAnswer;
      }
    }
  }
  return [...byId.values()];
}

function fieldCell({ field, repeated }: AnsweredField, row: ExportRow): string {
  if (field.type === 'FILE' || field.type === 'SIGN') {
    return safeText((row.fileNames[field.id] ?? []).join(MULTIPLE_ANSWERS_SEPARATOR));
  }
  const many = row.answers.arrayData?.[field.id];
  if (many) return answersCell(many, repeated ? REPEATED_ROWS_SEPARATOR : MULTIPLE_ANSWERS_SEPARATOR);
  return answerCell(row.answers.data?.[field.id]);
}

const STATE_LABELS: Record<FilledFormState, string> = {
  COMPLETED: 'Wypełniony',
  MISSED: 'Niewypełniony',
  SAVED: 'Wersja robocza',
};

const text = (value: string | null | undefined) => (value ? safeText(value) : '');
const address = (key: string) => (row: ExportRow) => text(row.person.address?.[key]);

function fixedColumns(): ExportColumn[] {
  const dateTime = (value: Date | null) => (value ? formatDateTime(value) : '');
  return [
    { header: 'Id wypełnienia', cell: (row) => String(row.id) },
    { header: 'Id osoby', cell: (row) => String(row.person.id) },
    { header: 'Wersja formularza', cell: (row) => String(row.edition) },
    { header: 'Stan', cell: (row) => STATE_LABELS[row.state] },
    { header: 'Data wypełnienia', cell: (row) => dateTime(row.completedAt) },
    { header: 'Termin od', cell: (row) => dateTime(row.scheduledStart) },
    { header: 'Termin do', cell: (row) => dateTime(row.scheduledEnd) },
  ];
}

const personalColumns: ExportColumn[] = [
  { header: 'Imię', cell: (row) => text(row.person.firstName) },
  { header: 'Nazwisko', cell: (row) => text(row.person.surname) },
  { header: 'E-mail', cell: (row) => text(row.person.email) },
  { header: 'Telefon', cell: (row) => text(row.person.phone) },
  { header: 'Identyfikator szpitalny', cell: (row) => text(row.person.hospitalIdentifier) },
  { header: 'Ulica', cell: address('street') },
  { header: 'Kod pocztowy', cell: address('zipCode') },
  { header: 'Miejscowość', cell: address('city') },
  { header: 'Poczta', cell: address('post') },
];

const pointsColumns: ExportColumn[] = [
  {
    header: 'Suma punktów',
    cell: (row) => (row.totalWeight === null ? '' : polishNumber(row.totalWeight)),
  },
  { header: 'Kolor', cell: (row) => text(row.color) },
  { header: 'Komunikat', cell: (row) => text(row.text) },
];

function answerColumns(answered: AnsweredField): ExportColumn[] {
  const label = answered.labels.join(' / ') || answered.field.id;
  const id = answered.field.id;
  const columns: ExportColumn[] = [{ header: label, cell: (row) => fieldCell(answered, row) }];
  if (answered.alternativeAnswer) {
    columns.push({
      header: `${label} - inna odpowiedź`,
      cell: (row) => text(row.answers.fieldAlternativeAnswer?.[id]),
    });
  }
  if (answered.noteEnabled) {
    columns.push({ header: `${label} - uwaga`, cell: (row) => text(row.answers.noteData?.[id]) });
  }
  return columns;
}

/** Headers are unique, so a spreadsheet (or a parser keyed by header) tells equal labels apart. */
function uniqueHeaders(columns: ExportColumn[]): ExportColumn[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const count = (seen.get(column.header) ?? 0) + 1;
    seen.set(column.header, count);
    return count === 1 ? column : { ...column, header: `${column.header} (${count})` };
  });
}

/**
 * The export's columns: who and when, then personal data and points when chosen, then one column
 * per answered field of any edition (plus its alternative answer and note, where the field has them),
 * labelled as in `chosenEdition`, the edition the export was asked for.
 */
export function exportColumns(
  editions: readonly EditionTemplate[],
  chosenEdition: number,
  choice: ColumnChoice,
): ExportColumn[] {
  return uniqueHeaders([
    ...fixedColumns(),
    ...(choice.withPersonalData ? personalColumns : []),
    ...(choice.withPoints ? pointsColumns : []),
    ...fieldsAcrossEditions(editions, chosenEdition).flatMap(answerColumns),
  ]);
}

/** A header cell is text the editor typed: it is neutralised like any other. */
export const headerRow = (columns: readonly ExportColumn[]): string[] =>
  columns.map((column) => safeText(column.header));
