import { createObservable } from 'shared-ui/contract';
import { createBreadcrumbStore } from '../frame/breadcrumbs/breadcrumb-store';
import { isRootLevelPage } from '../frame/navigation/menu-entries';

/** Title and breadcrumbs of the page on screen; the active area sets them through the contract. */
export function createPageState(storage?: Storage) {
  const title = createObservable<string>('Formularze');
  const breadcrumbs = createBreadcrumbStore(storage);
  return {
    title,
    breadcrumbs,
    /** A page names itself: that is its title and its breadcrumb, which starts a new trail at root level. */
    setTitle(text: string, pathname: string = window.location.pathname) {
      title.set(text);
      document.title = `${text} – Formularze`;
      const crumb = { label: text, path: pathname };
      if (isRootLevelPage(pathname)) breadcrumbs.reset(crumb);
      else breadcrumbs.push(crumb);
    },
  };
}

export type PageState = ReturnType<typeof createPageState>;
