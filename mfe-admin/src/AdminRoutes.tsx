import { ADMIN_ROUTES } from '@formularze/domain/schemas';
import { AreaRoutes, lazyComponent, type RoutePages } from 'shared-ui/routing';

const AdminLoginPage = lazyComponent(
  () => import('./features/admin-panel/components/AdminLoginPage'),
  'AdminLoginPage',
);
const AdminPanelPage = lazyComponent(
  () => import('./features/admin-panel/components/AdminPanelPage'),
  'AdminPanelPage',
);
const PlatformEventsPage = lazyComponent(
  () => import('./features/admin-panel/components/PlatformEventsPage'),
  'PlatformEventsPage',
);
const MembersPage = lazyComponent(() => import('./features/members/components/MembersPage'), 'MembersPage');
const AddPersonPage = lazyComponent(
  () => import('./features/members/components/PersonPages'),
  'AddPersonPage',
);
const EditPersonPage = lazyComponent(
  () => import('./features/members/components/PersonPages'),
  'EditPersonPage',
);
const TermsPage = lazyComponent(() => import('./features/terms/components/TermsPage'), 'TermsPage');
const AccessLogPage = lazyComponent(
  () => import('./features/access-log/components/AccessLogPage'),
  'AccessLogPage',
);
const SettingsPage = lazyComponent(
  () => import('./features/settings/components/SettingsPage'),
  'SettingsPage',
);

const PAGES = {
  adminLogin: <AdminLoginPage />,
  adminPanel: <AdminPanelPage />,
  platformEvents: <PlatformEventsPage />,
  members: <MembersPage />,
  editPerson: <EditPersonPage />,
  addPerson: <AddPersonPage />,
  terms: <TermsPage />,
  accessLog: <AccessLogPage />,
  settings: <SettingsPage />,
} satisfies RoutePages<typeof ADMIN_ROUTES>;

/** Screens of the administration area. */
export function AdminRoutes() {
  return <AreaRoutes routes={ADMIN_ROUTES} pages={PAGES} />;
}
