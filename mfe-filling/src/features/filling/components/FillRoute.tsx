import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { filledDataQuery } from '../../details/api';
import { formTemplateQuery, scheduledSlotQuery } from '../api';

/** The fill page's routes (§2 "Filling a form"). */
export const FILL_PATHS = [
  '/formdata/add/:formId',
  '/formdata/fill-scheduled-test/:formId/:scheduledFormId',
  '/formdata/edit/:formId/:formdataId',
] as const;

const FILL_PATH = /^\/formdata\/(add\/[^/]+|fill-scheduled-test\/[^/]+\/[^/]+|edit\/[^/]+\/[^/]+)\/?$/;

/** Whether `pathname` is one of FILL_PATHS. */
export const isFillPath = (pathname: string) => FILL_PATH.test(pathname);

type FillPageModule = typeof import('./FillPage');
let fillPageModule: FillPageModule | undefined;
let fillPageDownload: Promise<FillPageModule> | undefined;

/**
 * Downloads the fill page's code once. The area starts it as it loads when the browser opened a
 * fill route, so that the code is usually there by the time the route renders.
 */
export function preloadFillPage(): Promise<FillPageModule> {
  fillPageDownload ??= import('./FillPage').then((module) => (fillPageModule = module));
  return fillPageDownload;
}

/**
 * The fill page's code, once downloaded. Waited for in state rather than by suspending: React
 * renders what a Suspense boundary reveals in 5 ms slices and holds the result back for its
 * fallback throttle, which made a 300-field form appear ~100 ms later.
 */
function useFillPageModule(): FillPageModule | undefined {
  const [module, setModule] = useState(fillPageModule);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!module) preloadFillPage().then(setModule, (error: unknown) => setFailure({ error }));
  }, [module]);
  // The area's error boundary shows a chunk that could not be downloaded.
  if (failure) throw failure.error;
  return module;
}

const isId = (id: number) => Number.isInteger(id) && id > 0;

/**
 * The fill page's route. What the page waits for — the form's template, and the scheduled window
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
  const module = useFillPageModule();
  return module ? <module.FillPage /> : null;
}
