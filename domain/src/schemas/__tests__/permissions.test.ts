import { isPlainPatient, permissionsFor } from '../index';

describe('permissionsFor', () => {
  it('gives a guest only public pages', () => {
    const granted = permissionsFor({ authorities: '' });
    expect(granted.has('login:view')).toBe(true);
    expect(granted.has('main:view')).toBe(false);
  });

  it('treats any role string containing ROLE_OWNER as an owner', () => {
    expect(permissionsFor({ authorities: 'ROLE_OWNER' }).has('terms-page:view')).toBe(true);
    expect(permissionsFor({ authorities: 'ROLE_EDITOR' }).has('terms-page:view')).toBe(false);
  });

  it('lets editors manage forms and users only when the organization allows it', () => {
    const restricted = permissionsFor({ authorities: 'ROLE_EDITOR' });
    expect(restricted.has('form:edit')).toBe(false);
    expect(restricted.has('form:add-to-project')).toBe(false);
    expect(restricted.has('editor:editPerson')).toBe(false);
    const allowed = permissionsFor({
      authorities: 'ROLE_EDITOR',
      organization: { editorsCanManageForms: true, editorsCanManageUsers: true },
    });
    expect(allowed.has('form:edit')).toBe(true);
    expect(allowed.has('form:add-to-project')).toBe(true);
    expect(allowed.has('editor:editPerson')).toBe(true);
  });

  it('gives multi-role users the union', () => {
    const granted = permissionsFor({ authorities: 'ROLE_USER,ROLE_ADMIN' });
    expect(granted.has('form-fill:page')).toBe(true);
    expect(granted.has('adminSettings:view')).toBe(true);
  });

  it('leaves out the own-organization pages for a platform administrator of no organization', () => {
    const orgless = permissionsFor({ authorities: 'ROLE_ADMIN', organization: null });
    for (const key of ['orgDetails:change', 'admin:fetchOrgUsers', 'terms-page:view'] as const) {
      expect(orgless.has(key)).toBe(false);
      expect(permissionsFor({ authorities: 'ROLE_ADMIN', organization: {} }).has(key)).toBe(true);
    }
    expect(orgless.has('adminSettings:view')).toBe(true);
    expect(orgless.has('apikeys')).toBe(true);
  });

  it('restricts a user without accepted terms to the main view', () => {
    const granted = permissionsFor({ authorities: 'ROLE_USER_NO_ACCEPTED_TERMS' });
    expect([...granted]).toEqual(['main:view']);
  });
});

describe('isPlainPatient', () => {
  it('is a patient without a staff role, not one who has yet to accept the terms', () => {
    expect(isPlainPatient('ROLE_USER')).toBe(true);
    expect(isPlainPatient('ROLE_USER,ROLE_EDITOR')).toBe(false);
    expect(isPlainPatient('ROLE_OWNER')).toBe(false);
    expect(isPlainPatient('ROLE_USER_NO_ACCEPTED_TERMS')).toBe(false);
    expect(isPlainPatient('')).toBe(false);
  });
});
