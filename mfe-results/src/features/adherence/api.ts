import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  adherencePage,
  projectAdherencePage,
  type AdherenceForm,
  type AdherencePage,
  type AdherencePeriod,
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

/** A page of the grid; a project's names its scheduled forms, a form's has none. */
export type AdherenceGrid = AdherencePage & { forms: AdherenceForm[] };

export const adherenceQuery = (client: ApiClient, of: AdherenceOf, params: AdherenceParams) =>
  queryOptions({
    queryKey: ['results', 'adherence', of, params],
    queryFn: async (): Promise<AdherenceGrid> => {
      if ('formId' in of) {
        const { data } = await client.get(`/api/form_data/adherence/${of.formId}`, { params });
        return { ...adherencePage.parse(data), forms: [] };
      }
      const { data } = await client.get(`/api/form_data/project_adherence/${of.groupId}`, { params });
      return projectAdherencePage.parse(data);
    },
    // The grid keeps its rows while the next page, sort or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
