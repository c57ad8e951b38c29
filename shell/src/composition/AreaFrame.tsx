import { FluentProvider } from '@fluentui/react-components';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Appearance, Observable } from '@formularze/domain/contract';
import { themeFor } from 'shared-ui/theme';

/** Theme for what the shell itself renders inside an area (its error panel). */
export function AreaFrame({
  appearance,
  children,
}: {
  appearance: Observable<Appearance>;
  children: ReactNode;
}) {
  const current = useSyncExternalStore(appearance.subscribe, appearance.get);
  return <FluentProvider theme={themeFor(current)}>{children}</FluentProvider>;
}
