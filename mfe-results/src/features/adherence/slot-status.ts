import { SLOT_STATUS_LABELS as LABELS, type SlotStatus } from '@formularze/domain/schemas/adherence';

/** Each status in words and as a symbol, so a cell never speaks by its colour alone. */
export const SLOT_STATUS_TEXT: Record<SlotStatus, { label: string; symbol: string }> = {
  ON_TIME: { label: LABELS.ON_TIME, symbol: '✓' },
  LATE: { label: LABELS.LATE, symbol: '!' },
  MISSED: { label: LABELS.MISSED, symbol: '✗' },
  OPEN: { label: LABELS.OPEN, symbol: '○' },
  UPCOMING: { label: LABELS.UPCOMING, symbol: '·' },
};
