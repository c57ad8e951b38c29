import { Suspense } from 'react';
import { lazyComponent } from 'shared-ui/routing';
import { useObservable, useShellRuntime } from './shell-context';

const UpdateBanner = lazyComponent(() => import('./UpdateBanner'), 'UpdateBanner');

/** Offers the newer remotes instead of swapping code under the user's feet. */
export function UpdatePrompt() {
  const { update } = useShellRuntime();
  const available = useObservable(update.available);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner onRefresh={update.apply} />
    </Suspense>
  );
}
