import type { PermissionKey } from './permissions';
import type { RemoteName } from './remotes';

/**
 * Which remote owns which route and which permission opens it. A route belongs to the entry whose
 * prefix matches the most path segments; `exact` prefixes match only themselves. Routes without a
 * permission are open to everyone (the super-admin panel has its own sign-in).
 */
export interface RouteOwner {
  prefix: string;
  remote: RemoteName;
  permission?: PermissionKey;
  exact?: boolean;
}

export const ROUTE_OWNERS: ReadonlyArray<RouteOwner> = [
  { prefix: '/login', remote: 'mfe-auth', permission: 'login:view' },
  { prefix: '/login-employee', remote: 'mfe-auth', permission: 'login:view' },
  { prefix: '/register', remote: 'mfe-auth', permission: 'register:view' },
  { prefix: '/password-reset', remote: 'mfe-auth', permission: 'password-reset-email:view' },
  { prefix: '/password-employee-reset', remote: 'mfe-auth', permission: 'password-reset-email:view' },
  {
    prefix: '/password-reset-link',
    remote: 'mfe-auth',
    permission: 'password-reset-email-link-expired:view',
  },
  {
    prefix: '/password-reset-link-expired',
    remote: 'mfe-auth',
    permission: 'password-reset-email-link-expired:view',
  },
  { prefix: '/password-set-new', remote: 'mfe-auth', permission: 'password-reset-email-link-expired:view' },
  { prefix: '/password-change', remote: 'mfe-auth', permission: 'passwordChangePage:view' },
  { prefix: '/profile', remote: 'mfe-auth', permission: 'profilePage:view' },
  { prefix: '/profile/api-keys', remote: 'mfe-auth', permission: 'apikeys' },
  { prefix: '/help', remote: 'mfe-auth', permission: 'help:view' },
  { prefix: '/about', remote: 'mfe-auth', permission: 'about:view' },

  { prefix: '/forms', remote: 'mfe-forms-builder', permission: 'forms-page:view' },
  { prefix: '/forms/add', remote: 'mfe-forms-builder', permission: 'form-add-page:view' },
  { prefix: '/forms/edit', remote: 'mfe-forms-builder', permission: 'form:edit' },
  { prefix: '/forms/display', remote: 'mfe-forms-builder', permission: 'form-editor-page:view' },
  { prefix: '/forms/schedule', remote: 'mfe-forms-builder', permission: 'form-editor-page:view' },

  { prefix: '/', remote: 'mfe-filling', permission: 'main:view', exact: true },
  { prefix: '/forms/active', remote: 'mfe-filling', permission: 'activeforms-page:view' },
  { prefix: '/formdata', remote: 'mfe-filling', permission: 'form-fill-details:page' },
  { prefix: '/formdata/add', remote: 'mfe-filling', permission: 'form-fill:page' },
  { prefix: '/formdata/fill-scheduled-test', remote: 'mfe-filling', permission: 'form-fill:page' },
  { prefix: '/formdata/edit', remote: 'mfe-filling', permission: 'form-fill:page' },
  { prefix: '/shopping-cart', remote: 'mfe-filling', permission: 'shopping-cart:page' },
  { prefix: '/test-kit', remote: 'mfe-filling', permission: 'test-kit:page' },
  { prefix: '/orders', remote: 'mfe-filling', permission: 'orders-page:view' },

  { prefix: '/results', remote: 'mfe-results', permission: 'results-page:view' },
  { prefix: '/formdata/all', remote: 'mfe-results', permission: 'form-fill-details:page' },
  { prefix: '/filled-forms', remote: 'mfe-results', permission: 'filled-forms-page:view' },
  { prefix: '/filled-forms/all/user', remote: 'mfe-results', permission: 'user-filled-all-forms-page:view' },
  { prefix: '/groups', remote: 'mfe-results', permission: 'groups-page:view' },
  { prefix: '/form_group', remote: 'mfe-results', permission: 'form-group-add-page:view' },

  { prefix: '/admin-panel', remote: 'mfe-admin' },
  // The list, then one person's page (`/persons/{personId}`): the first match of equal depth wins.
  { prefix: '/persons', remote: 'mfe-admin', permission: 'admin:fetchOrgUsers', exact: true },
  { prefix: '/persons', remote: 'mfe-admin', permission: 'editor:editPerson' },
  { prefix: '/person/add', remote: 'mfe-admin', permission: 'add-persons-page:view' },
  { prefix: '/terms', remote: 'mfe-admin', permission: 'terms-page:view' },
  { prefix: '/settings', remote: 'mfe-admin', permission: 'adminSettings:view' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The route entry for `pathname`, or `null` when no area owns it (the shell shows "not found"). */
export function routeFor(pathname: string): RouteOwner | null {
  const path = segments(pathname);
  let best: { owner: RouteOwner; depth: number } | null = null;
  for (const owner of ROUTE_OWNERS) {
    const prefix = segments(owner.prefix);
    const matches = owner.exact
      ? path.length === prefix.length && prefix.every((part, i) => part === path[i])
      : prefix.length <= path.length && prefix.every((part, i) => part === path[i]);
    if (matches && (!best || prefix.length > best.depth)) best = { owner, depth: prefix.length };
  }
  return best?.owner ?? null;
}

/** The remote that renders `pathname`, or `null` when no area owns it. */
export function remoteForPath(pathname: string): RemoteName | null {
  return routeFor(pathname)?.remote ?? null;
}
