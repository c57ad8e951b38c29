import { permissionsFor } from '@formularze/domain/schemas';
import { guardRedirect, type GuardState } from '../route-guard';

const guest: GuardState = {
  signedIn: false,
  granted: permissionsFor({ authorities: '' }),
  lastLogoutWasEmployee: false,
  firstUrl: null,
};
const signedInAs = (authorities: string, extra: Partial<GuardState> = {}): GuardState => ({
  signedIn: true,
  granted: permissionsFor({ authorities }),
  lastLogoutWasEmployee: false,
  firstUrl: null,
  ...extra,
});

describe('guardRedirect', () => {
  it('lets everyone stay where their permissions allow', () => {
    expect(guardRedirect('/login', guest)).toBeNull();
    expect(guardRedirect('/', signedInAs('ROLE_USER'))).toBeNull();
    expect(guardRedirect('/forms', signedInAs('ROLE_EDITOR'))).toBeNull();
    expect(guardRedirect('/persons', signedInAs('ROLE_OWNER'))).toBeNull();
  });

  it('sends a guest to the patient login, or to the staff login after a staff logout', () => {
    expect(guardRedirect('/forms/active', guest)).toBe('/login');
    expect(guardRedirect('/', guest)).toBe('/login');
    expect(guardRedirect('/persons', { ...guest, lastLogoutWasEmployee: true })).toBe('/login-employee');
  });

  it('sends a signed-in user away from the login pages to the start page', () => {
    expect(guardRedirect('/login', signedInAs('ROLE_USER'))).toBe('/');
    expect(guardRedirect('/login-employee', signedInAs('ROLE_OWNER'))).toBe('/');
  });

  it('resumes a scheduled form the user opened before signing in, and nothing else', () => {
    const scheduled = '/formdata/fill-scheduled-test/4/17';
    expect(guardRedirect('/login', signedInAs('ROLE_USER', { firstUrl: scheduled }))).toBe(scheduled);
    expect(guardRedirect('/login', signedInAs('ROLE_USER', { firstUrl: '/forms/active' }))).toBe('/');
  });

  it('resumes the scheduled form with its query, only at a whole address of that screen', () => {
    const withQuery = '/formdata/fill-scheduled-test/4/17?source=sms';
    expect(guardRedirect('/login', signedInAs('ROLE_USER', { firstUrl: withQuery }))).toBe(withQuery);
    const unfinished = '/formdata/fill-scheduled-test/4';
    expect(guardRedirect('/login', signedInAs('ROLE_USER', { firstUrl: unfinished }))).toBe('/');
  });

  it('sends signed-in users from password-reset pages to the start page', () => {
    expect(guardRedirect('/password-reset', signedInAs('ROLE_USER'))).toBe('/');
    expect(guardRedirect('/password-set-new/abc', signedInAs('ROLE_EDITOR'))).toBe('/');
  });

  it('sends a patient from the form list to their active forms, and from other staff pages to /login', () => {
    const patient = signedInAs('ROLE_USER');
    expect(guardRedirect('/forms', patient)).toBe('/forms/active');
    expect(guardRedirect('/forms/add', patient)).toBe('/login');
    expect(guardRedirect('/results', patient)).toBe('/login');
    expect(guardRedirect('/persons', patient)).toBe('/login');
    expect(guardRedirect('/forms/active', signedInAs('ROLE_EDITOR'))).toBe('/login');
  });

  it('sends the denied project editor and person editor to the start page', () => {
    expect(guardRedirect('/form_group/add', signedInAs('ROLE_USER'))).toBe('/');
    expect(guardRedirect('/persons/3', signedInAs('ROLE_USER'))).toBe('/');
  });

  it('lets an editor edit forms and people only when the organization allows it', () => {
    expect(guardRedirect('/forms/edit/5', signedInAs('ROLE_EDITOR'))).toBe('/login');
    const allowed: GuardState = {
      ...signedInAs('ROLE_EDITOR'),
      granted: permissionsFor({
        authorities: 'ROLE_EDITOR',
        organization: { editorsCanManageForms: true, editorsCanManageUsers: true },
      }),
    };
    expect(guardRedirect('/forms/edit/5', allowed)).toBeNull();
    expect(guardRedirect('/persons/5', allowed)).toBeNull();
  });

  it('keeps a patient without accepted terms on the start page', () => {
    const pending = signedInAs('ROLE_USER_NO_ACCEPTED_TERMS');
    expect(guardRedirect('/', pending)).toBeNull();
    expect(guardRedirect('/forms/active', pending)).toBe('/login');
    expect(guardRedirect('/profile', pending)).toBe('/login');
    expect(guardRedirect('/login', pending)).toBe('/');
  });

  it('leaves the super-admin panel and unknown addresses to their own handling', () => {
    expect(guardRedirect('/admin-panel', guest)).toBeNull();
    expect(guardRedirect('/nie-ma-takiej-strony', guest)).toBeNull();
  });
});
