import { Suspense } from 'react';
import { lazyComponent } from 'shared-ui/routing';
import { useShellRuntime } from './shell-context';

const DevOverrideBanner = lazyComponent(() => import('./DevOverrideBanner'), 'DevOverrideBanner');

/** The banner of a developer's override; nothing (and no code) on every other page. */
export function DevOverridePrompt() {
  const overridden = useShellRuntime().registry.remotes.filter((remote) => remote.devOverride);
  if (!overridden.length) return null;
  return (
    <Suspense fallback={null}>
      <DevOverrideBanner remotes={overridden} />
    </Suspense>
  );
}
