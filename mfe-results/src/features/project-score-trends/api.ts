import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { projectScoreTrends, type ScoreTrendSortKey } from '@formularze/domain/schemas/score-trends';

export interface ScoreTrendsParams {
  /** The form (bag) shown; the project's first scored form when absent. */
  bagId?: number;
  /** Only patients whose score rose by more than this since their previous filling. */
  minRise?: number;
  sortBy: SortBy<ScoreTrendSortKey>;
  page: number;
  pageSize: number;
}

/** `GET /api/form_data/project_score_trends/{groupId}`: the project's scored forms, one's distribution and patients. */
export const scoreTrendsQuery = (client: ApiClient, groupId: number, params: ScoreTrendsParams) =>
  queryOptions({
    queryKey: ['results', 'project-score-trends', groupId, params],
    queryFn: async () =>
      projectScoreTrends.parse(
        (await client.get(`/api/form_data/project_score_trends/${groupId}`, { params })).data,
      ),
    // The table keeps its rows while the next page, sort or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
