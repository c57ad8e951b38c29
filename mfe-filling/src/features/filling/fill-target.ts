import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { matchPath } from 'shared-ui/routing';
import { FILLING_ROUTES, type RouteParams } from '@formularze/domain/schemas';
import { formTemplateQuery, scheduledSlotQuery, startingAnswersQuery } from './api';
import type { FillTarget } from './hooks/useFillData';

/** The fill page's routes (§2 "Filling a form"). */
const FILL_ROUTES = [FILLING_ROUTES.fillNew, FILLING_ROUTES.fillScheduled, FILLING_ROUTES.fillEdit];
type FillParams = Partial<RouteParams<(typeof FILL_ROUTES)[number]['path']>>;

const isRecordId = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) && Number(value) > 0;
const idOrNull = (value: string | undefined) => (value === undefined ? null : Number(value));

/** The filling an address of FILL_ROUTES opens; null for any other address or an id that is not one. */
export function fillTargetOfPath(pathname: string): FillTarget | null {
  const params: FillParams | undefined = FILL_ROUTES.map(
    ({ path }) => matchPath(path, pathname)?.params,
  ).find(Boolean);
  if (!params || !Object.values(params).every(isRecordId)) return null;
  return {
    formId: Number(params.formId),
    scheduledFormId: idOrNull(params.scheduledFormId),
    formDataId: idOrNull(params.formDataId),
  };
}

/** Requests what the fill page starts from: the template, and the window or the saved filling it opens. */
export function prefetchFillData(queryClient: QueryClient, client: ApiClient, target: FillTarget): void {
  void queryClient.prefetchQuery(formTemplateQuery(client, target.formId));
  if (target.scheduledFormId !== null) {
    void queryClient.prefetchQuery(scheduledSlotQuery(client, target.scheduledFormId));
  }
  if (target.formDataId !== null)
    void queryClient.prefetchQuery(startingAnswersQuery(client, target.formDataId));
}
