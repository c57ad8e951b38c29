import { Route, Routes } from 'shared-ui/routing';
import { AdminLoginPage } from './features/admin-panel/components/AdminLoginPage';
import { AdminPanelPage } from './features/admin-panel/components/AdminPanelPage';

/** Screens of the administration area; the rest of its routes arrive with their features. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/admin-panel/login" element={<AdminLoginPage />} />
      <Route path="/admin-panel" element={<AdminPanelPage />} />
    </Routes>
  );
}
