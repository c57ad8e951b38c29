import { FILLING_ROUTES } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from 'shared-ui/routing';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { FillRoute } from './features/filling/components/FillRoute';

// The start page and the fill page come with the area's first script; the rest loads when first opened.
const TestKitPage = lazyComponent(() => import('./features/cart/components/TestKitPage'), 'TestKitPage');
const CartPage = lazyComponent(() => import('./features/cart/components/CartPage'), 'CartPage');
const OrdersPage = lazyComponent(() => import('./features/cart/components/OrdersPage'), 'OrdersPage');
const ActiveFormsPage = lazyComponent(
  () => import('./features/active-forms/components/ActiveFormsPage'),
  'ActiveFormsPage',
);
const SendQueuePage = lazyComponent(
  () => import('./features/send-queue/components/SendQueuePage'),
  'SendQueuePage',
);
const DetailsPage = lazyComponent(() => import('./features/details/components/DetailsPage'), 'DetailsPage');

const PAGES = {
  dashboard: <DashboardPage />,
  activeForms: <ActiveFormsPage />,
  sendQueue: <SendQueuePage />,
  fillNew: <FillRoute />,
  fillScheduled: <FillRoute />,
  fillEdit: <FillRoute />,
  details: <DetailsPage />,
  savedDetails: <DetailsPage />,
  testKit: <TestKitPage />,
  cart: <CartPage />,
  orders: <OrdersPage />,
} satisfies RoutePages<typeof FILLING_ROUTES>;

/** Screens of the filling area. */
export function FillingRoutes() {
  return <AreaRoutes routes={FILLING_ROUTES} pages={PAGES} />;
}
