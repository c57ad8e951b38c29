import type { RemoteName } from './remotes';

/**
 * Which remote owns which route. A route belongs to the remote whose prefix matches the most
 * path segments; `exact` prefixes match only themselves.
 */
export const ROUTE_OWNERS: ReadonlyArray<{ prefix: string; remote: RemoteName; exact?: boolean }> = [
  { prefix: '/login', remote: 'mfe-auth' },
  { prefix: '/login-employee', remote: 'mfe-auth' },
  { prefix: '/register', remote: 'mfe-auth' },
  { prefix: '/password-reset', remote: 'mfe-auth' },
  { prefix: '/password-employee-reset', remote: 'mfe-auth' },
  { prefix: '/password-reset-link', remote: 'mfe-auth' },
  { prefix: '/password-reset-link-expired', remote: 'mfe-auth' },
  { prefix: '/password-set-new', remote: 'mfe-auth' },
  { prefix: '/password-change', remote: 'mfe-auth' },
  { prefix: '/profile', remote: 'mfe-auth' },
  { prefix: '/help', remote: 'mfe-auth' },
  { prefix: '/about', remote: 'mfe-auth' },

  { prefix: '/forms', remote: 'mfe-forms-builder' },

  { prefix: '/', remote: 'mfe-filling', exact: true },
  { prefix: '/forms/active', remote: 'mfe-filling' },
  { prefix: '/formdata', remote: 'mfe-filling' },
  { prefix: '/shopping-cart', remote: 'mfe-filling' },
  { prefix: '/test-kit', remote: 'mfe-filling' },
  { prefix: '/orders', remote: 'mfe-filling' },

  { prefix: '/results', remote: 'mfe-results' },
  { prefix: '/formdata/all', remote: 'mfe-results' },
  { prefix: '/filled-forms', remote: 'mfe-results' },
  { prefix: '/groups', remote: 'mfe-results' },
  { prefix: '/form_group', remote: 'mfe-results' },

  { prefix: '/admin-panel', remote: 'mfe-admin' },
  { prefix: '/persons', remote: 'mfe-admin' },
  { prefix: '/person', remote: 'mfe-admin' },
  { prefix: '/terms', remote: 'mfe-admin' },
  { prefix: '/settings', remote: 'mfe-admin' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The remote that renders `pathname`, or `null` when no area owns it (the shell shows "not found"). */
export function remoteForPath(pathname: string): RemoteName | null {
  const path = segments(pathname);
  let best: { remote: RemoteName; depth: number } | null = null;
  for (const owner of ROUTE_OWNERS) {
    const prefix = segments(owner.prefix);
    const matches = owner.exact
      ? path.length === prefix.length && prefix.every((part, i) => part === path[i])
      : prefix.length <= path.length && prefix.every((part, i) => part === path[i]);
    if (matches && (!best || prefix.length > best.depth)) {
      best = { remote: owner.remote, depth: prefix.length };
    }
  }
  return best?.remote ?? null;
}
