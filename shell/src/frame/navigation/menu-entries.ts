import {
  ADMIN_ROUTES,
  AUTH_ROUTES,
  FILLING_ROUTES,
  FORMS_BUILDER_ROUTES,
  pathTo,
  RESULTS_ROUTES,
  routeFor,
  type AppConfig,
  type PermissionKey,
} from '@formularze/domain/schemas';

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
    { label: 'Start', path: pathTo(FILLING_ROUTES.dashboard), icon: 'start', permission: 'main:view' },
    {
      label: 'Wypełnione formularze',
      path:
        singleForm === null
          ? pathTo(RESULTS_ROUTES.filledForms)
          : pathTo(RESULTS_ROUTES.formResults, { formId: singleForm }),
      icon: 'filled',
      permission: 'filled-forms-page:view',
    },
    {
      label: 'Formularze',
      path: pathTo(FILLING_ROUTES.activeForms),
      icon: 'active',
      permission: 'activeforms-page:view',
    },
    {
      label: 'Definicje formularzy',
      path: pathTo(FORMS_BUILDER_ROUTES.formList),
      icon: 'forms',
      permission: 'forms-page:view',
    },
    {
      label: 'Użytkownicy',
      path: pathTo(ADMIN_ROUTES.members),
      icon: 'persons',
      permission: 'admin:fetchOrgUsers',
    },
    {
      label: 'Projekty',
      path: pathTo(RESULTS_ROUTES.projects),
      icon: 'projects',
      permission: 'groups-page:view',
    },
    {
      label: 'Ustawienia',
      path: pathTo(ADMIN_ROUTES.settings),
      icon: 'settings',
      permission: 'adminSettings:view',
    },
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
  pathTo(FILLING_ROUTES.dashboard),
  pathTo(RESULTS_ROUTES.filledForms),
  pathTo(RESULTS_ROUTES.results),
  pathTo(FILLING_ROUTES.activeForms),
  pathTo(FORMS_BUILDER_ROUTES.formList),
  pathTo(ADMIN_ROUTES.members),
  pathTo(RESULTS_ROUTES.projects),
  pathTo(ADMIN_ROUTES.settings),
  // The top bar's pages: the avatar menu's profile, help and about.
  pathTo(AUTH_ROUTES.profile),
  pathTo(AUTH_ROUTES.help),
  pathTo(AUTH_ROUTES.about),
];

/** Pages reached from the side menu or the top bar start a new breadcrumb trail. */
export function isRootLevelPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROOT_LEVEL_PREFIXES.includes(path) || routeFor(path)?.route.path === RESULTS_ROUTES.formResults.path;
}
