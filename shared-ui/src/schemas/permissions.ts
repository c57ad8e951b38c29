import type { Role } from './auth';

/**
 * The one table that maps roles to permission keys. The shell hides what a role may not use and the
 * API refuses it, both from this table. Multi-role users get the union.
 */
const GUEST = [
  'login:view',
  'help:view',
  'about:view',
  'password-reset-email:view',
  'password-reset-email-link-expired:view',
  'register:view',
] as const;

const USER = [
  'main:view',
  'profilePage:view',
  'passwordChangePage:view',
  'form:fill',
  'activeForms:view',
  'kits:view',
  'cart:view',
  'orders:view',
  'help:view',
  'about:view',
] as const;

const EDITOR = [
  ...USER,
  'forms:view',
  'form-add-page:view',
  'form-edit-page:view',
  'form:activate',
  'form:create',
  'groups:fetch',
  'persons:view',
  'add-persons-page:view',
  'results:view',
  'filledForms:view',
  'apikeys',
  'admin:fetchOrgReports',
] as const;

const OWNER = [
  ...EDITOR,
  'admin:fetchOrgUsers',
  'editor:editPerson',
  'form:deactivate',
  'form:duplicate',
  'form:edit',
  'form:remove',
  'form:addToProject',
  'project:duplicate',
  'project:edit',
  'project:remove',
  'webhooks',
  'terms-page:view',
  'orgDetails:change',
  'admin:setAdminRole',
] as const;

const ADMIN = [
  'admin:main',
  'adminSettings:view',
  'orgDetails:change',
  'globalDetails:change',
  'admin:fetchOrgUsers',
  'terms-page:view',
  'apikeys',
  'admin:setAdminRole',
  'profilePage:view',
  'passwordChangePage:view',
] as const;

const NO_ACCEPTED_TERMS = ['main:view'] as const;

export const PERMISSIONS_BY_ROLE = {
  GUEST,
  ROLE_USER: USER,
  ROLE_EDITOR: EDITOR,
  ROLE_OWNER: OWNER,
  ROLE_ADMIN: ADMIN,
  ROLE_USER_NO_ACCEPTED_TERMS: NO_ACCEPTED_TERMS,
} as const satisfies Record<Role, readonly string[]>;

export type PermissionKey = (typeof PERMISSIONS_BY_ROLE)[Role][number];

/** Permissions an editor has only while the organization's flag is on; owners always have them. */
export const EDITOR_FLAG_PERMISSIONS = {
  editorsCanManageForms: ['form:deactivate', 'form:duplicate', 'form:edit', 'form:remove'],
  editorsCanManageUsers: ['admin:fetchOrgUsers', 'editor:editPerson'],
} as const satisfies Record<string, readonly PermissionKey[]>;

export interface PermissionInput {
  /** `user.authorities`: comma-separated, e.g. `ROLE_OWNER,ROLE_EDITOR`. Empty for guests. */
  authorities: string;
  organization?: Partial<Record<keyof typeof EDITOR_FLAG_PERMISSIONS, boolean>>;
}

function rolesOf(authorities: string): Role[] {
  const names = authorities
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const roles = Object.keys(PERMISSIONS_BY_ROLE).filter((known) =>
    names.some((name) => name.includes(known)),
  ) as Role[];
  // ROLE_USER is a substring of ROLE_USER_NO_ACCEPTED_TERMS: a user without accepted terms gets
  // only the restricted set.
  if (roles.includes('ROLE_USER_NO_ACCEPTED_TERMS') && !names.includes('ROLE_USER')) {
    return roles.filter((known) => known !== 'ROLE_USER');
  }
  return roles.length ? roles : ['GUEST'];
}

export function permissionsFor({ authorities, organization }: PermissionInput): Set<PermissionKey> {
  const roles = rolesOf(authorities);
  const granted = new Set<PermissionKey>(roles.flatMap((known) => PERMISSIONS_BY_ROLE[known]));
  if (roles.includes('ROLE_EDITOR')) {
    for (const [flag, keys] of Object.entries(EDITOR_FLAG_PERMISSIONS)) {
      if (organization?.[flag as keyof typeof EDITOR_FLAG_PERMISSIONS]) {
        keys.forEach((key) => granted.add(key));
      }
    }
  }
  return granted;
}
