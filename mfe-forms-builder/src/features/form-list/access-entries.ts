import { assignmentDates, type AllowedUser, type AllowedUserUpdate } from '@formularze/domain/schemas/forms';
import { formatDate } from '@formularze/domain/schemas/display-format';

/** One person's access in the form access panel, as edited before saving. */
export type AccessEntry = Required<AllowedUserUpdate>;

export interface AccessContext {
  /** `YYYY-MM-DD` in the organization's time zone. */
  today: string;
  defaultAssignmentDuration: number;
}

export const entryOf = ({ userId, selected, validSince, validTo }: AllowedUser): AccessEntry => ({
  userId,
  selected,
  validSince,
  validTo,
});

/** §5 "Access assignment dates": a new assignment starts today and lasts the form's default duration. */
export function select(entry: AccessEntry, context: AccessContext): AccessEntry {
  return { ...entry, selected: true, ...assignmentDates({ validSince: entry.validSince }, context) };
}

export const deselect = (entry: AccessEntry): AccessEntry => ({ ...entry, selected: false });

/** A start in the past becomes today; the end follows the default duration, or is kept no earlier than the start. */
export function changeStart(entry: AccessEntry, validSince: string, context: AccessContext): AccessEntry {
  const keepEnd = context.defaultAssignmentDuration === 0;
  return {
    ...entry,
    ...assignmentDates({ validSince, validTo: keepEnd ? entry.validTo : undefined }, context),
  };
}

/** An end earlier than the start becomes the start; an empty end means no end. */
export function changeEnd(entry: AccessEntry, validTo: string): AccessEntry {
  if (!validTo) return { ...entry, validTo: null };
  return { ...entry, validTo: entry.validSince && validTo < entry.validSince ? entry.validSince : validTo };
}

export const resetEnd = (entry: AccessEntry): AccessEntry => ({ ...entry, validTo: null });

const same = (a: AccessEntry, b: AccessEntry) =>
  a.selected === b.selected && (!a.selected || (a.validSince === b.validSince && a.validTo === b.validTo));

/** What the save sends: only the people whose access changed. */
export function changedEntries(
  original: readonly AccessEntry[],
  edited: ReadonlyMap<number, AccessEntry>,
): AccessEntry[] {
  return original.flatMap((before) => {
    const after = edited.get(before.userId);
    return after && !same(before, after) ? [after] : [];
  });
}

/** Today's date where the organization works (Poland), as `YYYY-MM-DD`. */
export function organizationToday(now = new Date()): string {
  return formatDate(now);
}
