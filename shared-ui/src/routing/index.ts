/**
 * React Router as the product uses it. Shared as one singleton module by every area; re-exporting
 * only what is used keeps it tree-shaken (the whole library is ~60 KB gzip). Areas import routing
 * from here, never from `react-router-dom` directly (a lint rule enforces it), so that a router
 * created in an area and the shared components that read it are the same copy. Beside it, when
 * code that no screen waits for is loaded: `lazyComponent`, and `whenIdle`/`useIdle` for what may
 * wait until the page has rendered.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export { AreaRoutes, type RoutePages } from './area-routes';
export { GuardedBrowserRouter, useLeaveGuard, type LeaveGuard } from './guarded-router';
export { lazyComponent } from './lazy-component';
export { useIdle, whenIdle } from './when-idle';
