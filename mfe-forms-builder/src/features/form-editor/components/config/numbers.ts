import { MAX_ASSIGNMENT_DURATION } from '@formularze/domain/schemas/forms';

/**
 * Numbers as people type them in the editor (§5 "Rules": commas in values become dots).
 */

/** The typed text with decimal commas turned into dots and the spaces people put around it dropped. */
export const decimalText = (typed: string) => typed.replace(/,/g, '.').replace(/\s/g, '');

/**
 * The number in a decimal the person typed: `null` for nothing typed, `NaN` for text that is not a
 * number (yet: `-`, `.`, `1e`). A trailing dot counts as typed so far (`1.` is 1).
 */
export function parseDecimal(typed: string): number | null {
  const text = decimalText(typed);
  if (text === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}

/** How a number is shown in an input: as JavaScript writes it, empty for none. */
export const formatNumber = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** §5 "Form settings": the default assignment duration in whole days, 0 (none) to 370. */
export function clampAssignmentDuration(days: number): number {
  if (!Number.isFinite(days)) return 0;
  return Math.min(MAX_ASSIGNMENT_DURATION, Math.max(0, Math.trunc(days)));
}
