import { lazy, Suspense } from 'react';
import { useObservable, useShellRuntime } from './shell-context';

const UpdateBanner = lazy(() =>
  import('./UpdateBanner').then((module) => ({ default: module.UpdateBanner })),
);

/** Offers the newer remotes instead of swapping code under the user's feet. */
export function UpdatePrompt() {
  const available = useObservable(useShellRuntime().updateAvailable);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
