import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';

/**
 * After a plain patient submits, the details stay viewable for a short window only (§2 "Filling a
 * form": `/formdata/z/{id}/{timestamp}`, now plus 10). The unit is not given; ten minutes lets an
 * elderly patient read the summary calmly while a shared device does not keep showing it for long.
 */
export const DETAILS_VIEW_WINDOW_MS = 10 * 60_000;

/** The time-limited details path for a form data just saved at `now` (epoch ms in the path). */
export const timeLimitedDetailsPath = (formDataId: number, now: number) =>
  pathTo(FILLING_ROUTES.savedDetails, { formDataId, invalidateViewAt: now + DETAILS_VIEW_WINDOW_MS });
