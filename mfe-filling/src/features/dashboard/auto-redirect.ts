import type { FilledFormSummary } from '@formularze/domain/schemas/filled-data';
import type { MyForm, ScheduledForm } from '@formularze/domain/schemas/forms';
import {
  fillFormPath,
  fillScheduledFormPath,
  filledDataDetailsPath,
  type ScheduledFillState,
} from '../../shared/my-forms/paths';

/** §9: a patient is sent on after 1 s, time enough to see where they are. */
export const AUTO_REDIRECT_DELAY_MS = 1000;

export interface RedirectTarget {
  path: string;
  state?: ScheduledFillState;
}

export interface PatientLists {
  /** Forms without a schedule to fill today (all of them: the dashboard loads them in one page). */
  activeForms: MyForm[];
  /** Scheduled windows open now and not filled yet. */
  slotsToFill: ScheduledForm[];
  drafts: FilledFormSummary[];
  /** Forms filled before, newest edition of each. */
  archivedForms: MyForm[];
  /** Submitted forms, newest first. */
  completed: FilledFormSummary[];
}

/**
 * Where a patient's home sends them by itself (§2 "Home dashboard"): to their one active form when
 * there is no open scheduled window; to their one open window when there is no active form; and,
 * with nothing else to do, to the latest answers of the one form they filled that is still active.
 * A form the patient has already sent does not count as waiting: it stays fillable on the home
 * page, but a patient who just sent it is not pushed into a new filling. A draft waiting to be
 * finished keeps them on the home page, where it is listed.
 */
export function autoRedirectTarget(lists: PatientLists): RedirectTarget | null {
  const { slotsToFill, drafts, archivedForms, completed } = lists;
  if (drafts.length > 0) return null;
  const sentBags = new Set(completed.map((filled) => filled.form.bag.id));
  const activeForms = lists.activeForms.filter((form) => !sentBags.has(form.bag.id));
  if (activeForms.length === 1 && slotsToFill.length === 0) return { path: fillFormPath(activeForms[0]!.id) };
  if (slotsToFill.length === 1 && activeForms.length === 0) {
    const slot = slotsToFill[0]!;
    return { path: fillScheduledFormPath(slot.form.id, slot.id), state: { endDate: slot.endDate } };
  }
  if (activeForms.length > 0 || slotsToFill.length > 0) return null;
  const stillActive = archivedForms.filter((form) => form.status === 'ACTIVE');
  if (stillActive.length !== 1) return null;
  const latest = completed.find((filled) => filled.form.bag.id === stillActive[0]!.bag.id);
  return latest ? { path: filledDataDetailsPath(latest.id) } : null;
}
