import { createObservable } from '@formularze/domain/contract';
import { createBreadcrumbStore } from '../frame/breadcrumbs/breadcrumb-store';
import { isRootLevelPage } from '../frame/navigation/menu-entries';

/** Title and breadcrumbs of the page on screen; the active area sets them through the contract. */
export function createPageState(storage?: Storage) {
  const title = createObservable<string>('Formularze');
  const breadcrumbs = createBreadcrumbStore(storage);
  // The stored trail led to the page the tab last showed. The first page after a load continues it
  // only if it is on it (a reload); an address opened afresh starts its own trail.
  let firstPageOfLoad = true;
  const name = (text: string) => {
    title.set(text);
    document.title = `${text} – Formularze`;
  };
  return {
    title,
    breadcrumbs,
    /** A page names itself: that is its title and its breadcrumb, which starts a new trail at root level. */
    setTitle(text: string, pathname: string = window.location.pathname) {
      name(text);
      const crumb = { label: text, path: pathname };
      const continuesTrail = !firstPageOfLoad || breadcrumbs.get().some((step) => step.path === pathname);
      firstPageOfLoad = false;
      if (isRootLevelPage(pathname) || !continuesTrail) breadcrumbs.reset(crumb);
      else breadcrumbs.push(crumb);
    },
    /** An address no area owns: named as such, with no trail (the last page's would be a wrong one). */
    showNotFound(text: string) {
      name(text);
      firstPageOfLoad = false;
      breadcrumbs.set([]);
    },
  };
}

export type PageState = ReturnType<typeof createPageState>;
