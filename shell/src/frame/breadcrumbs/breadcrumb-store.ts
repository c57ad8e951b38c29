import { createObservable, type Crumb } from '@formularze/domain/contract';

export const CRUMB_LABEL_LIMIT = 25;
const STORAGE_KEY = 'breadcrumbs';

/** Long form names are cut to 25 characters followed by an ellipsis. */
export function truncateCrumbLabel(label: string): string {
  return label.length > CRUMB_LABEL_LIMIT ? `${label.slice(0, CRUMB_LABEL_LIMIT)}…` : label;
}

function readStored(storage: Storage): Crumb[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (crumb): crumb is Crumb => typeof crumb?.label === 'string' && typeof crumb?.path === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The trail of pages that led here, kept in local storage so that it survives a reload. A root-level
 * page (a side-menu entry) starts a new trail; a page already in the trail cuts it back to itself.
 */
export function createBreadcrumbStore(storage: Storage = window.localStorage) {
  const store = createObservable<Crumb[]>(readStored(storage));
  const save = (trail: Crumb[]) => {
    const labelled = trail.map((crumb) => ({ ...crumb, label: truncateCrumbLabel(crumb.label) }));
    storage.setItem(STORAGE_KEY, JSON.stringify(labelled));
    store.set(labelled);
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    set: save,
    reset: (root: Crumb) => save([root]),
    push(crumb: Crumb) {
      const trail = store.get();
      const existing = trail.findIndex((step) => step.path === crumb.path);
      save([...(existing === -1 ? trail : trail.slice(0, existing)), crumb]);
    },
  };
}

export type BreadcrumbStore = ReturnType<typeof createBreadcrumbStore>;
