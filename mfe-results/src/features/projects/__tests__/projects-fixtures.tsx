import type { ReactElement } from 'react';
import type { Project, ProjectUser } from '@formularze/domain/schemas/projects';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';

export { apiFailure } from 'shared-ui/testing';

/** The API as the screens see it: one fake client, answers set per test. */
export const api = aFakeApiClient();

export function aProject(overrides: Partial<Project> & Pick<Project, 'id' | 'name'>): Project {
  return {
    internalDescription: null,
    smsPhone: null,
    welcomeSmsMessage: null,
    welcomeEmailMessage: null,
    enableAllFormAccess: false,
    ...overrides,
  };
}

/** The cardiology project both project screens' tests start from: with its SMS phone and welcome SMS. */
export const aCardiologyProject = (overrides: Partial<Project> = {}) =>
  aProject({
    id: 4,
    name: 'Kardiologia',
    internalDescription: 'Pacjenci po zawale',
    smsPhone: '+48500100200',
    welcomeSmsMessage: 'Witamy w programie',
    ...overrides,
  });

export function aProjectUser(overrides: Partial<ProjectUser> & Pick<ProjectUser, 'userId'>): ProjectUser {
  return {
    firstName: null,
    surname: null,
    mail: null,
    phone: null,
    roles: ['ROLE_USER'],
    selected: false,
    ...overrides,
  };
}

/** Renders `ui` at `path` for person 7 with `authorities`; the alerts shown are recorded in `show`. */
export function renderAs(authorities: string, ui: ReactElement, path: string) {
  const show = jest.fn(() => 'alert');
  const view = renderInRemote('mfe-results', ui, {
    path,
    person: aPerson(authorities, { id: 7 }),
    shell: { alerts: { show, dismiss: jest.fn() } },
    api,
  });
  return { ...view, show };
}
