import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useApiClient } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { filledDataQuery } from '../../details/api';
import { formTemplateQuery, scheduledSlotQuery } from '../api';

const FillPage = lazy(() => import('./FillPage').then((module) => ({ default: module.FillPage })));

const isId = (id: number) => Number.isInteger(id) && id > 0;

/**
 * The fill page's routes. What the page waits for — the form's template, and the scheduled window
 * or the saved filling it opens — is requested as soon as the route is entered, while the page's
 * code downloads, rather than once the page has mounted.
 */
export function FillRoute() {
  const params = useParams();
  const formId = Number(params.formId);
  const scheduledFormId = Number(params.scheduledFormId);
  const formDataId = Number(params.formdataId);
  const client = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isId(formId)) return;
    void queryClient.prefetchQuery(formTemplateQuery(client, formId));
    if (isId(scheduledFormId)) void queryClient.prefetchQuery(scheduledSlotQuery(client, scheduledFormId));
    if (isId(formDataId)) void queryClient.prefetchQuery(filledDataQuery(client, formDataId));
  }, [client, queryClient, formId, scheduledFormId, formDataId]);
  return (
    <Suspense fallback={null}>
      <FillPage />
    </Suspense>
  );
}
