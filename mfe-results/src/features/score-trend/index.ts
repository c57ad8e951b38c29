import { lazy } from 'react';

/** The score trend, loaded only when a person's results are opened by staff. */
export const LazyScoreTrend = lazy(() =>
  import('./components/ScoreTrend').then((module) => ({ default: module.ScoreTrend })),
);
