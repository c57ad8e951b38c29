import { AUTH_ROUTES } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from 'shared-ui/routing';
import { LoginPage } from './features/login/components/LoginPage';

// The patients' login is the product's most visited first page: everything else loads on demand.
const EmployeeLoginPage = lazyComponent(
  () => import('./features/login/components/EmployeeLoginPage'),
  'EmployeeLoginPage',
);
const RegisterPage = lazyComponent(
  () => import('./features/registration/components/RegisterPage'),
  'RegisterPage',
);
const PasswordResetPage = lazyComponent(
  () => import('./features/password-recovery/components/PasswordResetPage'),
  'PasswordResetPage',
);
const EmployeePasswordResetPage = lazyComponent(
  () => import('./features/password-recovery/components/EmployeePasswordResetPage'),
  'EmployeePasswordResetPage',
);
const ResetLinkPage = lazyComponent(
  () => import('./features/password-recovery/components/ResetLinkPage'),
  'ResetLinkPage',
);
const SetNewPasswordPage = lazyComponent(
  () => import('./features/password-recovery/components/SetNewPasswordPage'),
  'SetNewPasswordPage',
);
const ResetLinkExpiredPage = lazyComponent(
  () => import('./features/password-recovery/components/ResetLinkExpiredPage'),
  'ResetLinkExpiredPage',
);
const PasswordChangePage = lazyComponent(
  () => import('./features/password-change/components/PasswordChangePage'),
  'PasswordChangePage',
);
const ProfilePage = lazyComponent(() => import('./features/profile/components/ProfilePage'), 'ProfilePage');
const ApiKeysPage = lazyComponent(() => import('./features/api-keys/components/ApiKeysPage'), 'ApiKeysPage');
const HelpPage = lazyComponent(() => import('./features/help/components/HelpPage'), 'HelpPage');
const AboutPage = lazyComponent(() => import('./features/about/components/AboutPage'), 'AboutPage');

const PAGES = {
  login: <LoginPage />,
  employeeLogin: <EmployeeLoginPage />,
  register: <RegisterPage />,
  passwordReset: <PasswordResetPage />,
  employeePasswordReset: <EmployeePasswordResetPage />,
  resetLink: <ResetLinkPage />,
  resetLinkExpired: <ResetLinkExpiredPage />,
  setNewPassword: <SetNewPasswordPage />,
  passwordChange: <PasswordChangePage />,
  profile: <ProfilePage />,
  apiKeys: <ApiKeysPage />,
  help: <HelpPage />,
  about: <AboutPage />,
} satisfies RoutePages<typeof AUTH_ROUTES>;

/** Screens of the accounts area. */
export function AuthRoutes() {
  return <AreaRoutes routes={AUTH_ROUTES} pages={PAGES} />;
}
