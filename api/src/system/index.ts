/** The process itself: health, readiness and the front end's configuration. */
export { systemRoutes as systemPlugin } from './system-routes';
export { readinessGate } from './readiness';
