import type { SlotStatus } from '@formularze/domain/schemas/adherence';

/** Each status in words and as a symbol, so a cell never speaks by its colour alone. */
export const SLOT_STATUS_TEXT: Record<SlotStatus, { label: string; symbol: string }> = {
  ON_TIME: { label: 'Wypełniony w terminie', symbol: '✓' },
  LATE: { label: 'Wypełniony po terminie', symbol: '!' },
  MISSED: { label: 'Pominięty', symbol: '✗' },
  OPEN: { label: 'Otwarty teraz', symbol: '○' },
  UPCOMING: { label: 'Nadchodzący', symbol: '·' },
};
