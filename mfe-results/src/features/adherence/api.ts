import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  adherencePage,
  adherenceRemindersResponse,
  projectAdherencePage,
  type AdherenceForm,
  type AdherencePage,
  type AdherencePeriod,
  type AdherenceRemindersResponse,
  type AdherenceSortKey,
} from '@formularze/domain/schemas/adherence';
import type { SortBy } from '@formularze/domain/schemas/paging';

/** Whose grid: one scheduled form's (any of its editions) or all the scheduled forms of a project. */
export type AdherenceOf = { formId: number } | { groupId: number };

export interface AdherenceParams {
  period: AdherencePeriod;
  /** Only patients with at least this many misses in a row; absent: every patient. */
  minMissedStreak?: number;
  sortBy: SortBy<AdherenceSortKey>;
  page: number;
  pageSize: number;
}

/** The grid's own address, under which its reminders and export live. */
const gridPath = (of: AdherenceOf) =>
  'formId' in of ? `/api/form_data/adherence/${of.formId}` : `/api/form_data/project_adherence/${of.groupId}`;

/** A page of the grid; a project's names its scheduled forms, a form's has none. */
export type AdherenceGrid = AdherencePage & { forms: AdherenceForm[] };

export const adherenceQuery = (client: ApiClient, of: AdherenceOf, params: AdherenceParams) =>
  queryOptions({
    queryKey: ['results', 'adherence', of, params],
    queryFn: async (): Promise<AdherenceGrid> => {
      const { data } = await client.get(gridPath(of), { params });
      return 'formId' in of ? { ...adherencePage.parse(data), forms: [] } : projectAdherencePage.parse(data);
    },
    // The grid keeps its rows while the next page, sort or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** `POST …/reminders` (ADR 309): remind the chosen patients now; what became of each one's reminder. */
export async function sendReminders(
  client: ApiClient,
  of: AdherenceOf,
  personIds: readonly number[],
): Promise<AdherenceRemindersResponse['results']> {
  const { data } = await client.post(`${gridPath(of)}/reminders`, { personIds });
  return adherenceRemindersResponse.parse(data).results;
}

/** `GET …/csv` under the screen's filter and order, fetched with the session's header. */
export async function downloadAdherenceCsv(
  client: ApiClient,
  of: AdherenceOf,
  params: Omit<AdherenceParams, 'page' | 'pageSize'>,
): Promise<Blob> {
  const { data } = await client.get<Blob>(`${gridPath(of)}/csv`, { params, responseType: 'blob' });
  return data;
}
