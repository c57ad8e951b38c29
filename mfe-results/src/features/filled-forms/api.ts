import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { formListItem, type FormListSortKey } from '@formularze/domain/schemas/forms';
import { pagedResponse, type SortBy } from '@formularze/domain/schemas/paging';
import { personFormsOverview } from '@formularze/domain/schemas/person-overview';

const formPage = pagedResponse(formListItem);

export interface FormListParams {
  page: number;
  pageSize: number;
  sortBy: SortBy<FormListSortKey>;
}

/** `GET /api/v2/forms`: the organization's forms, as the form list shows them. */
export const filledFormsListQuery = (client: ApiClient, params: FormListParams) =>
  queryOptions({
    queryKey: ['forms', 'list', params],
    queryFn: async () => formPage.parse((await client.get('/api/v2/forms', { params })).data),
    placeholderData: keepPreviousData,
  });

/** `GET /api/form_data/person_overview/{personId}`: a person's forms with their answer counts. */
export const personOverviewQuery = (client: ApiClient, personId: number) =>
  queryOptions({
    queryKey: ['results', 'person-overview', personId],
    queryFn: async () =>
      personFormsOverview.parse((await client.get(`/api/form_data/person_overview/${personId}`)).data),
  });
