/** Where the person's forms lead (§2 "Home dashboard", "Active forms", "Filled form details"). */

export const fillFormPath = (formId: number) => `/formdata/add/${formId}`;

export const fillScheduledFormPath = (formId: number, slotId: number) =>
  `/formdata/fill-scheduled-test/${formId}/${slotId}`;

/** Editing a submitted form's answers, or continuing a draft. */
export const editFilledDataPath = (formId: number, filledDataId: number) =>
  `/formdata/edit/${formId}/${filledDataId}`;

export const filledDataDetailsPath = (filledDataId: number) => `/formdata/${filledDataId}`;

export const ACTIVE_FORMS_PATH = '/forms/active';

/**
 * Router state of a link to a scheduled form's fill page: when its window ends (ISO instant), so
 * the countdown can start before the window itself is loaded.
 */
export interface ScheduledFillState {
  endDate: string;
}
