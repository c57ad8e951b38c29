import type { AppConfig, PermissionKey } from '@formularze/domain/schemas';

export type MenuIcon = 'start' | 'filled' | 'active' | 'forms' | 'persons' | 'projects' | 'settings';

export interface MenuEntry {
  label: string;
  path: string;
  icon: MenuIcon;
  permission: PermissionKey;
}

/**
 * The side menu, in order. The filled-forms entry opens the results of the organization's only
 * scheduled form directly when there is just one.
 */
export function menuEntries(config: Pick<AppConfig, 'hasSingleScheduledForm' | 'singleScheduledFormId'>) {
  const singleForm = config.hasSingleScheduledForm ? config.singleScheduledFormId : null;
  const entries: MenuEntry[] = [
    { label: 'Start', path: '/', icon: 'start', permission: 'main:view' },
    {
      label: 'Wypełnione formularze',
      path: singleForm === null ? '/filled-forms' : `/results/${singleForm}`,
      icon: 'filled',
      permission: 'filled-forms-page:view',
    },
    { label: 'Formularze', path: '/forms/active', icon: 'active', permission: 'activeforms-page:view' },
    { label: 'Definicje formularzy', path: '/forms', icon: 'forms', permission: 'forms-page:view' },
    { label: 'Użytkownicy', path: '/persons', icon: 'persons', permission: 'admin:fetchOrgUsers' },
    { label: 'Projekty', path: '/groups', icon: 'projects', permission: 'groups-page:view' },
    { label: 'Ustawienia', path: '/settings', icon: 'settings', permission: 'adminSettings:view' },
  ];
  return entries;
}

export function visibleMenuEntries(
  granted: ReadonlySet<PermissionKey>,
  config: Pick<AppConfig, 'hasSingleScheduledForm' | 'singleScheduledFormId'>,
): MenuEntry[] {
  return menuEntries(config).filter((entry) => granted.has(entry.permission));
}

const ROOT_LEVEL_PREFIXES = [
  '/',
  '/filled-forms',
  '/results',
  '/forms/active',
  '/forms',
  '/persons',
  '/groups',
  '/settings',
  // The top bar's pages: the avatar menu's profile, help and about.
  '/profile',
  '/help',
  '/about',
];

/** Pages reached from the side menu or the top bar start a new breadcrumb trail. */
export function isRootLevelPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROOT_LEVEL_PREFIXES.includes(path) || /^\/results\/[^/]+$/.test(path);
}
