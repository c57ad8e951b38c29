import { formatAnswerDate } from '@formularze/domain/schemas/display-format';
import type { AnswerValue, FilledItem } from '@formularze/domain/schemas/filled-data';

const DATE_TYPES: readonly FilledItem['dataType'][] = ['DATE', 'DATETIME'];

/** One stored answer as the person reads it: dates as typed, yes/no in Polish. */
function formatValue(dataType: FilledItem['dataType'], value: AnswerValue): string | null {
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Tak' : 'Nie';
  if (typeof value === 'string' && DATE_TYPES.includes(dataType)) return formatAnswerDate(value);
  // A dictionary stores the chosen value itself, which is what its option reads.
  return String(value);
}

/**
 * The answer of a field as one line: a single value, or the values of a multiple-choice field (or
 * of a repeating group's rows) joined; null when the field was left empty.
 */
export function formatAnswer(item: Pick<FilledItem, 'dataType' | 'value' | 'arrayValue'>): string | null {
  if (item.arrayValue && item.arrayValue.length > 0) {
    const values = item.arrayValue.map((value) => formatValue(item.dataType, value) ?? '—');
    return values.join(', ');
  }
  return formatValue(item.dataType, item.value);
}
