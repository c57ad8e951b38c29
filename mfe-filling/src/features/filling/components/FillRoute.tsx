import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient, type AreaPreload } from 'shared-ui/remote';
import { useLocation } from 'shared-ui/routing';
import { fillTargetOfPath, prefetchFillData } from '../fill-target';
import { FillPage } from './FillPage';

/**
 * When the page opens on a fill route, the shell lets the area start before it mounts: the form
 * downloads while the shell is still starting.
 */
export function preloadFillScreen({ pathname, client, queryClient }: AreaPreload): void {
  const target = fillTargetOfPath(pathname);
  if (target) prefetchFillData(queryClient, client, target);
}

/**
 * The fill page's route. Its code is part of the area's first script, not a lazy chunk: the page
 * preloads that script with the shell's own, while a lazy chunk could only be requested once the
 * area's code had run. What the page waits for is requested as soon as the route is entered
 * (unless the area preloaded it).
 */
export function FillRoute() {
  const { pathname } = useLocation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    const target = fillTargetOfPath(pathname);
    if (target) prefetchFillData(queryClient, client, target);
  }, [client, queryClient, pathname]);
  return <FillPage />;
}
