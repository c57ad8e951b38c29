import { createObservable, type Crumb } from 'shared-ui/contract';

/** Title and breadcrumbs of the page on screen; the active area sets them through the contract. */
export function createPageState() {
  return {
    title: createObservable<string>('Formularze'),
    breadcrumbs: createObservable<Crumb[]>([]),
  };
}

export type PageState = ReturnType<typeof createPageState>;
