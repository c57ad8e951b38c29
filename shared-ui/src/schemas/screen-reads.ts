/**
 * The API reads a screen starts from, by route. The shell's entry requests them for the page's
 * address before any area's code has arrived, and the area's API client takes the answers over
 * (`EarlyReads` in shared-ui/contract). A screen that asks for something else simply asks the API,
 * so this table can only make a screen faster, never wrong. Free of imports: the shell's entry
 * bundles it.
 */

export const formTemplatePath = (formId: number | string) => `/api/form_template/${formId}`;
export const scheduledFormPath = (scheduledFormId: number | string) =>
  `/api/forms/scheduled/${scheduledFormId}`;
export const filledFormPath = (formDataId: number | string) => `/api/form_data/${formDataId}`;

interface ScreenReads {
  /** Segments; `:name` stands for a record id. */
  route: string;
  reads(ids: Record<string, string>): string[];
}

const SCREEN_READS: ReadonlyArray<ScreenReads> = [
  { route: '/formdata/add/:formId', reads: ({ formId }) => [formTemplatePath(formId!)] },
  {
    route: '/formdata/fill-scheduled-test/:formId/:scheduledFormId',
    reads: ({ formId, scheduledFormId }) => [formTemplatePath(formId!), scheduledFormPath(scheduledFormId!)],
  },
  {
    route: '/formdata/edit/:formId/:formDataId',
    reads: ({ formId, formDataId }) => [formTemplatePath(formId!), filledFormPath(formDataId!)],
  },
  { route: '/formdata/:formDataId', reads: ({ formDataId }) => [filledFormPath(formDataId!)] },
];

/** A record id as the routes carry it: a positive integer. */
const RECORD_ID = /^[1-9]\d{0,15}$/;

function idsOf(route: string, pathname: string): Record<string, string> | null {
  const expected = route.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (expected.length !== actual.length) return null;
  const ids: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index]!;
    if (segment.startsWith(':')) {
      if (!RECORD_ID.test(value)) return null;
      ids[segment.slice(1)] = value;
    } else if (segment !== value) {
      return null;
    }
  }
  return ids;
}

/** The API paths the screen at `pathname` starts from; none for a screen not in the table. */
export function screenReadsFor(pathname: string): string[] {
  for (const { route, reads } of SCREEN_READS) {
    const ids = idsOf(route, pathname);
    if (ids) return reads(ids);
  }
  return [];
}
