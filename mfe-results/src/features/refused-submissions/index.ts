import { lazyComponent } from 'shared-ui/routing';

/** Refused late submissions, loaded only when staff open a form's or a person's results. */
export const LazyRefusedSubmissions = lazyComponent(
  () => import('./components/RefusedSubmissions'),
  'RefusedSubmissions',
);
