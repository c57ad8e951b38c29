import { Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RouteTable } from '@formularze/domain/schemas';

/**
 * What an area shows on each of its routes. Declared with `satisfies RoutePages<typeof X_ROUTES>`,
 * a route without a page, or a page without a route, fails the type check.
 */
export type RoutePages<Table extends RouteTable> = Record<keyof Table, ReactElement>;

/**
 * An area's router: one React Router route per entry of its table (@formularze/domain/schemas/routes), the
 * pages loaded on demand showing nothing until they arrive.
 */
export function AreaRoutes<Table extends RouteTable>({
  routes,
  pages,
}: {
  routes: Table;
  pages: RoutePages<Table>;
}) {
  return (
    <Suspense fallback={null}>
      <Routes>
        {Object.entries(routes).map(([id, { path }]) => (
          <Route key={id} path={path} element={pages[id as keyof Table]} />
        ))}
      </Routes>
    </Suspense>
  );
}
