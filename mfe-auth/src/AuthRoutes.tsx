import { Route, Routes } from 'shared-ui/routing';
import { LoginPage } from './features/login/components/LoginPage';

/** Screens of the accounts area; the rest of its routes arrive with their features. */
export function AuthRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>
  );
}
