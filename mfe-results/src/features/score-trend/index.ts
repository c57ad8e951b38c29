import { lazyComponent } from 'shared-ui/routing';

/** The score trend, loaded only when a person's results are opened by staff. */
export const LazyScoreTrend = lazyComponent(() => import('./components/ScoreTrend'), 'ScoreTrend');
