import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';

/** Where the person's forms lead (§2 "Home dashboard", "Active forms", "Filled form details"). */

export const fillFormPath = (formId: number) => pathTo(FILLING_ROUTES.fillNew, { formId });

export const fillScheduledFormPath = (formId: number, slotId: number) =>
  pathTo(FILLING_ROUTES.fillScheduled, { formId, scheduledFormId: slotId });

/** Editing a submitted form's answers, or continuing a draft. */
export const editFilledDataPath = (formId: number, filledDataId: number) =>
  pathTo(FILLING_ROUTES.fillEdit, { formId, formDataId: filledDataId });

export const filledDataDetailsPath = (filledDataId: number) =>
  pathTo(FILLING_ROUTES.details, { formDataId: filledDataId });

export const ACTIVE_FORMS_PATH = pathTo(FILLING_ROUTES.activeForms);

/**
 * Router state of a link to a scheduled form's fill page: when its window ends (ISO instant), so
 * the countdown can start before the window itself is loaded.
 */
export interface ScheduledFillState {
  endDate: string;
}
