import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { FillRoute } from './features/filling/components/FillRoute';
import { FILL_PATHS } from './features/filling/fill-target';

const TestKitPage = lazy(() =>
  import('./features/cart/components/TestKitPage').then((module) => ({ default: module.TestKitPage })),
);
const CartPage = lazy(() =>
  import('./features/cart/components/CartPage').then((module) => ({ default: module.CartPage })),
);
const OrdersPage = lazy(() =>
  import('./features/cart/components/OrdersPage').then((module) => ({ default: module.OrdersPage })),
);

const ActiveFormsPage = lazy(() =>
  import('./features/active-forms/components/ActiveFormsPage').then((module) => ({
    default: module.ActiveFormsPage,
  })),
);
const DetailsPage = lazy(() =>
  import('./features/details/components/DetailsPage').then((module) => ({ default: module.DetailsPage })),
);

/** Screens of the filling area; the heavier ones load when first opened. */
export function FillingRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/test-kit" element={<TestKitPage />} />
        <Route path="/shopping-cart" element={<CartPage />} />
        <Route path="/orders" element={<OrdersPage />} />
        {FILL_PATHS.map((path) => (
          <Route key={path} path={path} element={<FillRoute />} />
        ))}
        {/* Static segments outrank parameters: these never take add, edit or fill-scheduled-test. */}
        <Route path="/forms/active" element={<ActiveFormsPage />} />
        <Route path="/formdata/:formDataId" element={<DetailsPage />} />
        <Route path="/formdata/z/:formDataId/:invalidateViewAt" element={<DetailsPage />} />
      </Routes>
    </Suspense>
  );
}
