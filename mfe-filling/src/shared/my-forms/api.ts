import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  filledFormSummary,
  type FilledFormState,
  type MyFilledSortKey,
} from '@formularze/domain/schemas/filled-data';
import {
  MY_FORM_SORT_KEYS,
  myForm,
  scheduledForm,
  SCHEDULED_FORM_SORT_KEYS,
} from '@formularze/domain/schemas/forms';
import { pagedResponse, type SortBy } from '@formularze/domain/schemas/paging';

/**
 * The signed-in person's own lists (§7): forms to fill, scheduled windows, forms filled before and
 * their own filled data. The home dashboard and the active forms page read the same calls.
 */

const myFormPage = pagedResponse(myForm);
const slotPage = pagedResponse(scheduledForm);
const filledPage = pagedResponse(filledFormSummary);

/** Which page of a list, of how many rows. */
export interface ListPage {
  page: number;
  pageSize: number;
}

type MyFormSort = (typeof MY_FORM_SORT_KEYS)[number];
type SlotSort = (typeof SCHEDULED_FORM_SORT_KEYS)[number];

/*
 * Each list keeps one order wherever it is shown, on the home dashboard and the active forms page:
 * forms by name, windows by when they open, drafts newest first, submitted forms latest sent first.
 */
const FORMS_ORDER: SortBy<MyFormSort> = 'name';
const SLOTS_ORDER: SortBy<SlotSort> = 'startDate';
const FILLED_DATA_ORDER = {
  SAVED: '-createdAt',
  COMPLETED: '-completedAt',
} as const satisfies Partial<Record<FilledFormState, SortBy<MyFilledSortKey>>>;

/** Every list below starts with this key, so one invalidation refreshes them all. */
export const myFormsKey = ['my-forms'] as const;

const listQuery = <Parsed, SortKey extends string>(
  client: ApiClient,
  name: string,
  url: string,
  parse: (data: unknown) => Parsed,
  params: ListPage & { sortBy: SortBy<SortKey>; state?: FilledFormState },
) =>
  queryOptions({
    queryKey: [...myFormsKey, name, params],
    queryFn: async () => parse((await client.get(url, { params })).data),
    // A section keeps its rows while its next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** `GET /api/v2/forms/active`: forms without a schedule the person may fill today. */
export const activeFormsQuery = (client: ApiClient, page: ListPage) =>
  listQuery(client, 'active', '/api/v2/forms/active', (data) => myFormPage.parse(data), {
    ...page,
    sortBy: FORMS_ORDER,
  });

/** `GET /api/v2/forms/scheduled`: the person's scheduled windows open now. */
export const openSlotsQuery = (client: ApiClient, page: ListPage) =>
  listQuery(client, 'open-slots', '/api/v2/forms/scheduled', (data) => slotPage.parse(data), {
    ...page,
    sortBy: SLOTS_ORDER,
  });

/** `GET /api/v2/forms/scheduled-for-future`: windows yet to open. */
export const futureSlotsQuery = (client: ApiClient, page: ListPage) =>
  listQuery(client, 'future-slots', '/api/v2/forms/scheduled-for-future', (data) => slotPage.parse(data), {
    ...page,
    sortBy: SLOTS_ORDER,
  });

/** `GET /api/v2/forms/all-my-filled-unique-bags`: the forms the person filled before (archive). */
export const filledBagsQuery = (client: ApiClient, page: ListPage) =>
  listQuery(
    client,
    'filled-bags',
    '/api/v2/forms/all-my-filled-unique-bags',
    (data) => myFormPage.parse(data),
    { ...page, sortBy: FORMS_ORDER },
  );

/** `GET /api/v2/form_data/all/my?state=`: the person's drafts (SAVED) or submitted forms (COMPLETED). */
export const myFilledDataQuery = (client: ApiClient, state: keyof typeof FILLED_DATA_ORDER, page: ListPage) =>
  listQuery(client, `filled-data-${state}`, '/api/v2/form_data/all/my', (data) => filledPage.parse(data), {
    state,
    ...page,
    sortBy: FILLED_DATA_ORDER[state],
  });
