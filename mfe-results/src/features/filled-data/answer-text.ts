import { formatAnswerDate } from '@formularze/domain/schemas/display-format';
import type { AnswerValue } from '@formularze/domain/schemas/filled-data';
import type { FormResultRow, ResultField } from '@formularze/domain/schemas/results';

function valueText(field: ResultField, value: AnswerValue): string {
  if (value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Tak' : 'Nie';
  if (typeof value === 'string' && (field.dataType === 'DATE' || field.dataType === 'DATETIME')) {
    return formatAnswerDate(value);
  }
  return String(value);
}

/**
 * A field's answer in a table cell: the value, or the choices, and the alternative answer; a FILE
 * or SIGN field's files by name.
 */
export function answerText(
  field: ResultField,
  row: Pick<FormResultRow, 'data' | 'arrayData' | 'fieldAlternativeAnswer' | 'filesData'>,
) {
  const values = row.arrayData[field.id] ?? [row.data[field.id] ?? null];
  const parts = values.map((value) => valueText(field, value)).filter(Boolean);
  const alternative = row.fieldAlternativeAnswer[field.id];
  if (alternative) parts.push(alternative);
  for (const file of row.filesData[field.id] ?? []) parts.push(file.name);
  return parts.join(', ');
}
