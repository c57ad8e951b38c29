import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { resultsCsvPath, type ResultsCsvOptions } from '@formularze/domain/schemas/results-csv';
import { fhirResponsesBundlePath } from '@formularze/domain/schemas/fhir';
import { formResultsPage, type FormResultsRequest } from '@formularze/domain/schemas/results';

export interface FormResultsParams {
  formId: number;
  request: FormResultsRequest;
  showMissedForms: boolean;
}

/** `POST /api/form_data/by_form_id_extended/{formId}`: one form edition's fillings with their answers. */
export const formResultsQuery = (
  client: ApiClient,
  { formId, request, showMissedForms }: FormResultsParams,
) =>
  queryOptions({
    queryKey: ['results', 'form', formId, request, showMissedForms],
    queryFn: async () =>
      formResultsPage.parse(
        (
          await client.post(`/api/form_data/by_form_id_extended/${formId}`, request, {
            params: { showMissedForms },
          })
        ).data,
      ),
    placeholderData: keepPreviousData,
  });

/** `GET /api/form_data/csv/{formId}`: fetched with the session's header (a plain link would have none). */
export async function downloadResultsCsv(
  client: ApiClient,
  formId: number,
  options: ResultsCsvOptions,
): Promise<Blob> {
  const response = await client.get<Blob>(resultsCsvPath(formId, options), { responseType: 'blob' });
  return response.data;
}

/**
 * `GET /api/fhir/QuestionnaireResponse?formId=…`: the same filter's filled forms as a FHIR R4 Bundle
 * of QuestionnaireResponses (JSON), the patients pseudonymised unless personal data is chosen.
 */
export async function downloadResultsFhirBundle(
  client: ApiClient,
  formId: number,
  options: ResultsCsvOptions,
): Promise<Blob> {
  const response = await client.get<Blob>(fhirResponsesBundlePath(formId, options), { responseType: 'blob' });
  return response.data;
}
