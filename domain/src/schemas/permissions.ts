import type { Role } from './auth';

/**
 * The one table that maps roles to permission keys. The shell hides what a role may not use and
 * guards its routes with it; the API refuses the same calls from the same table. Multi-role users
 * get the union. Key names are the specification's.
 */
const GUEST = [
  'login:view',
  'register:view',
  'help:view',
  'about:view',
  'password-reset-email:view',
  'password-reset-email-link-expired:view',
] as const;

/** What every signed-in member of an organization may do. */
const MEMBER = [
  'main:view',
  'profilePage:view',
  'passwordChangePage:view',
  'help:view',
  'about:view',
] as const;

/** Patients: fill their forms, see their own answers, order test kits. */
const USER = [
  ...MEMBER,
  'activeforms-page:view',
  'form-fill:page',
  'form-fill-details:page',
  'test-kit:page',
  'shopping-cart:page',
  'orders-page:view',
] as const;

/** Doctors and coordinators. Some keys depend on organization flags: see EDITOR_FLAG_PERMISSIONS. */
const EDITOR = [
  ...MEMBER,
  'form-fill:page',
  'form-fill-details:page',
  'forms-page:view',
  'forms:fetch',
  'form-editor-page:view',
  'form:activate',
  'form:create',
  'groups-page:view',
  'groups:fetch',
  'admin:addGroup',
  'form-group-add-page:view',
  'add-persons-page:view',
  'results-page:view',
  // Remind chosen patients now from an adherence grid (ADR 309).
  'adherence:remind',
  'filled-forms-page:view',
  'user-filled-all-forms-page:view',
  'admin:fetchOrgReports',
  'apikeys',
] as const;

/** Managing the organization's people and its forms: an editor's only under the flags of EDITOR_FLAG_PERMISSIONS. */
const MANAGE_USERS = ['admin:fetchOrgUsers', 'editor:editPerson'] as const;
const MANAGE_FORMS = [
  'form-add-page:view',
  'form:deactivate',
  'form:duplicate',
  'form:edit',
  'form:remove',
  'form:add-to-project',
] as const;

const OWNER = [
  ...EDITOR,
  ...MANAGE_USERS,
  ...MANAGE_FORMS,
  'project:duplicate',
  'project:edit',
  'project:remove',
  'webhooks',
  'terms-page:view',
  'orgDetails:change',
  'admin:setAdminRole',
  // The organization's access audit trail, "Dziennik dostępu" (ADR 415).
  'access-log:view',
] as const;

/** The platform administrator. */
const ADMIN = [
  ...MEMBER,
  'admin:main',
  'adminSettings:view',
  'orgDetails:change',
  'globalDetails:change',
  'admin:fetchOrgUsers',
  'terms-page:view',
  'apikeys',
  'admin:setAdminRole',
] as const;

/** A patient who has not accepted the organization's current terms sees the start page and the terms modal. */
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
  editorsCanManageForms: MANAGE_FORMS,
  editorsCanManageUsers: MANAGE_USERS,
} as const satisfies Record<string, readonly PermissionKey[]>;

/**
 * Pages about the person's own organization: its profile, its members, its terms. The platform
 * administrator holds these keys (§6) but belongs to no organization, so there is nothing to show.
 */
const OWN_ORGANIZATION_PERMISSIONS = [
  'orgDetails:change',
  'admin:fetchOrgUsers',
  'terms-page:view',
] as const satisfies readonly PermissionKey[];

export interface PermissionInput {
  /** `user.authorities`: comma-separated, e.g. `ROLE_OWNER,ROLE_EDITOR`. Empty for guests. */
  authorities: string;
  /** The person's organization flags; `null` for a person of no organization (the platform administrator). */
  organization?: Partial<Record<keyof typeof EDITOR_FLAG_PERMISSIONS, boolean>> | null;
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
  if (organization === null) OWN_ORGANIZATION_PERMISSIONS.forEach((key) => granted.delete(key));
  return granted;
}

const STAFF_ROLES: readonly Role[] = ['ROLE_EDITOR', 'ROLE_OWNER', 'ROLE_ADMIN'];

/** A patient and nothing else (ROLE_USER without a staff role): who the filling pages steer and time-limit. */
export function isPlainPatient(authorities: string): boolean {
  const roles = rolesOf(authorities);
  return roles.includes('ROLE_USER') && !roles.some((known) => STAFF_ROLES.includes(known));
}
