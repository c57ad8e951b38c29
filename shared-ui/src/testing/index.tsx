import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createObservable, type ShellContract } from '@formularze/domain/contract';
import type { CurrentPerson, RemoteName } from '@formularze/domain/schemas';
import type { ApiClient } from 'shared-ui/api-client';
import type { CaptchaFieldProps } from 'shared-ui/components';
import { createStandaloneShell, RemoteProviders } from 'shared-ui/remote';

export { apiFailure, type ApiFailureBody } from './api-failure';
export { aFakeApiClient, type FakeApiClient } from './fake-api-client';
export { aNewSubmission, aPhotoToUpload } from './new-submission';

/** A signed-in person of organization 3 with `authorities`; fields can be overridden. */
export function aPerson(authorities: string, overrides: Partial<CurrentPerson> = {}): CurrentPerson {
  return {
    id: 1,
    firstName: 'Anna',
    surname: 'Nowak',
    mail: 'anna@example.test',
    phone: null,
    authorities,
    firstLogin: false,
    currentTermsAccepted: true,
    organization: {
      id: 3,
      orgName: 'Przychodnia',
      editorsCanManageForms: false,
      editorsCanManageUsers: false,
    },
    ...overrides,
  };
}

/**
 * Renders a remote's screen the way the shell mounts it: with the contract, theme, query client
 * and router, at `path`, for `person` when given (permissions follow their roles), else a guest.
 * Its screens call the API through `api` when given (see `aFakeApiClient`). Returns the contract
 * so a test can assert on what the screen asked of the shell.
 */
export function renderInRemote(
  remote: RemoteName,
  ui: ReactElement,
  {
    path = '/',
    person,
    shell: overrides = {},
    api,
  }: { path?: string; person?: CurrentPerson; shell?: Partial<ShellContract>; api?: ApiClient } = {},
): RenderResult & { shell: ShellContract } {
  window.history.replaceState(null, '', path);
  const session = person ? { session: createObservable({ status: 'authenticated' as const, person }) } : {};
  const shell = createStandaloneShell(remote, { ...session, ...overrides });
  return {
    ...render(
      <RemoteProviders shell={shell} apiClient={api}>
        {ui}
      </RemoteProviders>,
    ),
    shell,
  };
}

/**
 * Stands in for `CaptchaField` in a `jest.mock` of `shared-ui/components`: the real widget does its
 * proof of work in web workers; here the user "solves" it with a button, and the payload names the
 * challenge it solved so a test can tell a fresh solution from a spent one. A function declaration,
 * so that the mock can take it while this module is still loading (it loads `shared-ui/components`).
 */
export function FakeCaptchaField({ onChange, resetKey }: CaptchaFieldProps) {
  return (
    <button type="button" data-reset-key={resetKey} onClick={() => onChange(`rozwiązanie-${resetKey}`)}>
      Rozwiąż captcha
    </button>
  );
}
