import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import * as z from 'zod/mini';
import { formListItem } from '@formularze/domain/schemas/forms';
import { latestResultsPage, type LatestResultsRequest } from '@formularze/domain/schemas/results';

/** `POST /api/form_data/latest_for_projects_and_users`: the latest filling per person and form. */
export const latestResultsQuery = (
  client: ApiClient,
  request: Required<Omit<LatestResultsRequest, 'q'>> & Pick<LatestResultsRequest, 'q'>,
) =>
  queryOptions({
    queryKey: ['results', 'latest', request],
    queryFn: async () =>
      latestResultsPage.parse(
        (await client.post('/api/form_data/latest_for_projects_and_users', request)).data,
      ),
    // The table keeps its rows while the next page, sort or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** What the heading needs of `GET /api/forms/{id}`. */
const formHeading = z.pick(formListItem, { id: true, name: true, formGroup: true });

/** `GET /api/forms/{id}`: the form the results are narrowed to, for its name and project. */
export const resultsFormQuery = (client: ApiClient, formId: number | null) =>
  queryOptions({
    queryKey: ['forms', formId],
    queryFn:
      formId === null
        ? skipToken
        : async () => formHeading.parse((await client.get(`/api/forms/${formId}`)).data),
  });
