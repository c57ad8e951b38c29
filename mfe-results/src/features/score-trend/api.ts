import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from 'shared-ui/api-client';
import { formDetails } from '@formularze/domain/schemas/forms';
import { MAX_PAGE_SIZE } from '@formularze/domain/schemas/paging';
import { formResultsPage, type FormResultsRequest } from '@formularze/domain/schemas/results';
import type { TrendPoint } from './trend-geometry';

const formRules = z.pick(formDetails, { formRules: true });

/** The form edition's rules (`GET /api/forms/{id}`): their thresholds and colours become the bands. */
export const trendRulesQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: ['forms', formId, 'rules'],
    queryFn: async () => formRules.parse((await client.get(`/api/forms/${formId}`)).data).formRules,
  });

/** A person's sent fillings of the edition, oldest first: the latest 500 make the trend. */
export const trendPointsQuery = (client: ApiClient, formId: number, personId: number) =>
  queryOptions({
    queryKey: ['results', 'trend', formId, personId],
    queryFn: async (): Promise<TrendPoint[]> => {
      const request: FormResultsRequest = {
        personId,
        page: 0,
        pageSize: MAX_PAGE_SIZE,
        sort: '-completedAt',
        q: [{ field: 'state', operator: 'is', value: 'COMPLETED' }],
      };
      const page = formResultsPage.parse(
        (await client.post(`/api/form_data/by_form_id_extended/${formId}`, request)).data,
      );
      return page.content.flatMap((row) =>
        row.completedAt !== null && row.totalWeight !== null
          ? [
              {
                filledFormId: row.formDataId,
                completedAt: row.completedAt,
                points: row.totalWeight,
                text: row.text,
                color: row.color,
              },
            ]
          : [],
      );
    },
  });
