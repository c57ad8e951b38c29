import { useEffect } from 'react';
import { useLocation } from 'shared-ui/routing';
import { useShell } from './providers';

/**
 * The page's title, and the trail `parent` → this page (at the current path), however the user got
 * here. Nothing is set while the title is not known yet (null).
 */
export function usePageTrail(title: string | null, parent: { label: string; path: string }) {
  const shell = useShell();
  const { pathname } = useLocation();
  const { label, path } = parent;
  useEffect(() => {
    if (!title) return;
    shell.page.setTitle(title);
    shell.breadcrumbs.set([
      { label, path },
      { label: title, path: pathname },
    ]);
  }, [shell, title, pathname, label, path]);
}
