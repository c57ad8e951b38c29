import { Route, Routes } from 'shared-ui/routing';
import { DashboardPage } from './features/dashboard/components/DashboardPage';

/** Screens of the filling area; filling itself arrives with its feature. */
export function FillingRoutes() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
    </Routes>
  );
}
