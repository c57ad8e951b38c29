import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient, type AreaPreload } from 'shared-ui/remote';
import { useLocation } from 'shared-ui/routing';
import { fillTargetOfPath, prefetchFillData } from '../fill-target';

type FillPageModule = typeof import('./FillPage');
let fillPageModule: FillPageModule | undefined;
let fillPageDownload: Promise<FillPageModule> | undefined;

/** Downloads the fill page's code once. */
function downloadFillPage(): Promise<FillPageModule> {
  fillPageDownload ??= import('./FillPage').then((module) => (fillPageModule = module));
  return fillPageDownload;
}

/**
 * When the page opens on a fill route, the shell lets the area start before it mounts: the page's
 * code and its form download while the shell is still starting.
 */
export function preloadFillScreen({ pathname, client, queryClient }: AreaPreload): void {
  const target = fillTargetOfPath(pathname);
  if (!target) return;
  void downloadFillPage().catch(() => undefined);
  prefetchFillData(queryClient, client, target);
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
    if (!module) downloadFillPage().then(setModule, (error: unknown) => setFailure({ error }));
  }, [module]);
  // The area's error boundary shows a chunk that could not be downloaded.
  if (failure) throw failure.error;
  return module;
}

/**
 * The fill page's route. What the page waits for is requested as soon as the route is entered
 * (unless the area preloaded it), while the page's code downloads, rather than once it has mounted.
 */
export function FillRoute() {
  const { pathname } = useLocation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    const target = fillTargetOfPath(pathname);
    if (target) prefetchFillData(queryClient, client, target);
  }, [client, queryClient, pathname]);
  const module = useFillPageModule();
  return module ? <module.FillPage /> : null;
}
