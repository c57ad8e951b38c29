import { lazy, Suspense } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import { LoginPage } from './features/login/components/LoginPage';

// The patients' login is the product's most visited first page: everything else loads on demand.
const EmployeeLoginPage = lazy(() =>
  import('./features/login/components/EmployeeLoginPage').then((module) => ({
    default: module.EmployeeLoginPage,
  })),
);
const RegisterPage = lazy(() =>
  import('./features/registration/components/RegisterPage').then((module) => ({
    default: module.RegisterPage,
  })),
);
const PasswordResetPage = lazy(() =>
  import('./features/password-recovery/components/PasswordResetPage').then((module) => ({
    default: module.PasswordResetPage,
  })),
);
const EmployeePasswordResetPage = lazy(() =>
  import('./features/password-recovery/components/EmployeePasswordResetPage').then((module) => ({
    default: module.EmployeePasswordResetPage,
  })),
);
const ResetLinkPage = lazy(() =>
  import('./features/password-recovery/components/ResetLinkPage').then((module) => ({
    default: module.ResetLinkPage,
  })),
);
const SetNewPasswordPage = lazy(() =>
  import('./features/password-recovery/components/SetNewPasswordPage').then((module) => ({
    default: module.SetNewPasswordPage,
  })),
);
const ResetLinkExpiredPage = lazy(() =>
  import('./features/password-recovery/components/ResetLinkExpiredPage').then((module) => ({
    default: module.ResetLinkExpiredPage,
  })),
);
const PasswordChangePage = lazy(() =>
  import('./features/password-change/components/PasswordChangePage').then((module) => ({
    default: module.PasswordChangePage,
  })),
);
const ProfilePage = lazy(() =>
  import('./features/profile/components/ProfilePage').then((module) => ({
    default: module.ProfilePage,
  })),
);
const ApiKeysPage = lazy(() =>
  import('./features/api-keys/components/ApiKeysPage').then((module) => ({
    default: module.ApiKeysPage,
  })),
);
const HelpPage = lazy(() =>
  import('./features/help/components/HelpPage').then((module) => ({ default: module.HelpPage })),
);
const AboutPage = lazy(() =>
  import('./features/about/components/AboutPage').then((module) => ({ default: module.AboutPage })),
);

/** Screens of the accounts area; the rest of its routes arrive with their features. */
export function AuthRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/login-employee" element={<EmployeeLoginPage />} />
        <Route path="/password-reset" element={<PasswordResetPage />} />
        <Route path="/password-employee-reset" element={<EmployeePasswordResetPage />} />
        <Route path="/password-reset-link" element={<ResetLinkPage />} />
        <Route path="/password-set-new/:token" element={<SetNewPasswordPage />} />
        <Route path="/password-reset-link-expired" element={<ResetLinkExpiredPage />} />
        <Route path="/password-change" element={<PasswordChangePage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/profile/api-keys" element={<ApiKeysPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/about" element={<AboutPage />} />
      </Routes>
    </Suspense>
  );
}
