import { Route, Routes } from 'shared-ui/routing';
import { lazy, Suspense } from 'react';

const AdminLoginPage = lazy(() =>
  import('./features/admin-panel/components/AdminLoginPage').then((module) => ({
    default: module.AdminLoginPage,
  })),
);
const AdminPanelPage = lazy(() =>
  import('./features/admin-panel/components/AdminPanelPage').then((module) => ({
    default: module.AdminPanelPage,
  })),
);

const MembersPage = lazy(() =>
  import('./features/members/components/MembersPage').then((module) => ({ default: module.MembersPage })),
);
const AddPersonPage = lazy(() =>
  import('./features/members/components/PersonPages').then((module) => ({ default: module.AddPersonPage })),
);
const EditPersonPage = lazy(() =>
  import('./features/members/components/PersonPages').then((module) => ({ default: module.EditPersonPage })),
);
const TermsPage = lazy(() =>
  import('./features/terms/components/TermsPage').then((module) => ({ default: module.TermsPage })),
);
const SettingsPage = lazy(() =>
  import('./features/settings/components/SettingsPage').then((module) => ({ default: module.SettingsPage })),
);

/** Screens of the administration area; the rest of its routes arrive with their features. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route
        path="/admin-panel/login"
        element={
          <Suspense fallback={null}>
            <AdminLoginPage />
          </Suspense>
        }
      />
      <Route
        path="/admin-panel"
        element={
          <Suspense fallback={null}>
            <AdminPanelPage />
          </Suspense>
        }
      />
      <Route
        path="/persons"
        element={
          <Suspense fallback={null}>
            <MembersPage />
          </Suspense>
        }
      />
      <Route
        path="/persons/:personId"
        element={
          <Suspense fallback={null}>
            <EditPersonPage />
          </Suspense>
        }
      />
      <Route
        path="/person/add"
        element={
          <Suspense fallback={null}>
            <AddPersonPage />
          </Suspense>
        }
      />
      <Route
        path="/terms"
        element={
          <Suspense fallback={null}>
            <TermsPage />
          </Suspense>
        }
      />
      <Route
        path="/settings"
        element={
          <Suspense fallback={null}>
            <SettingsPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
