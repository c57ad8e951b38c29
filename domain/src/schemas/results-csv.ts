import * as z from 'zod/mini';

/**
 * The CSV export of a form's filled data (§7 "Filled data": `GET /api/form_data/csv/{formId}`),
 * downloaded as `data.csv` from the results of a form (§2 "Filled-form results of a form"). Flags
 * are query strings `true` / `false`; `showMissedForms` is the older name of `includeMissingData`.
 */

const flag = z.optional(z.enum(['true', 'false']));
const databaseId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));

export const resultsCsvQuery = z.object({
  /** Name, e-mail, phone, hospital id and address columns (only of people the caller may see). */
  includePersonalData: flag,
  /** Also the scheduled fills that were not done (MISSED). */
  includeMissingData: flag,
  showMissedForms: flag,
  /** Only this person's filled forms; a patient may name only themselves. */
  personId: z.optional(databaseId),
});
export type ResultsCsvQuery = z.infer<typeof resultsCsvQuery>;

export interface ResultsCsvOptions {
  includePersonalData: boolean;
  includeMissingData: boolean;
  personId?: number;
}

/** The query as the server reads it: either spelling of the missing-data flag turns it on. */
export function resultsCsvOptions(query: ResultsCsvQuery): ResultsCsvOptions {
  return {
    includePersonalData: query.includePersonalData === 'true',
    includeMissingData: query.includeMissingData === 'true' || query.showMissedForms === 'true',
    ...(query.personId === undefined ? {} : { personId: query.personId }),
  };
}

/** The download link of a form's CSV (relative to the API base), for an `<a download>` or the API client. */
export function resultsCsvPath(formId: number, options: ResultsCsvOptions): string {
  const params = new URLSearchParams({
    includePersonalData: String(options.includePersonalData),
    includeMissingData: String(options.includeMissingData),
  });
  if (options.personId !== undefined) params.set('personId', String(options.personId));
  return `/api/form_data/csv/${formId}?${params}`;
}

/** What the saved file is called (§7). */
export const RESULTS_CSV_FILE_NAME = 'data.csv';
