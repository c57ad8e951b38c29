import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from 'shared-ui/api-client';
import { createObservable, type SessionSnapshot } from 'shared-ui/contract';
import type { CurrentPerson } from 'shared-ui/schemas';
import { themeFor } from 'shared-ui/theme';
import { ShellRuntimeContext, type ShellRuntime } from '../shell-context';
import { SignedInTools } from '../signed-in/SignedInTools';

const owner: CurrentPerson = {
  id: 1,
  firstName: 'Anna',
  surname: 'Nowak',
  mail: 'owner@demo.local',
  phone: null,
  authorities: 'ROLE_OWNER',
  firstLogin: false,
  currentTermsAccepted: true,
  organization: { id: 1, orgName: 'Demo', editorsCanManageForms: false, editorsCanManageUsers: false },
  avatarPath: '/org-media/files/avatars/0123456789abcdef0123456789abcdef.png',
};

function renderTools(person: CurrentPerson) {
  const session = Object.assign(createObservable<SessionSnapshot>({ status: 'authenticated', person }), {
    logout: jest.fn(async () => undefined),
  });
  const api = { get: jest.fn(async () => ({ data: { files: [] } })) } as unknown as ApiClient;
  const appearance = createObservable({ theme: 'light' as const, fontLevel: 0 as const });
  render(
    <ShellRuntimeContext.Provider value={{ session, api, appearance } as unknown as ShellRuntime}>
      <QueryClientProvider client={new QueryClient()}>
        <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 0 })}>
          <SignedInTools toolClassName="" />
        </FluentProvider>
      </QueryClientProvider>
    </ShellRuntimeContext.Provider>,
  );
  return session;
}

describe('the signed-in part of the top bar', () => {
  it('names the user on the avatar button and shows their picture', () => {
    renderTools(owner);
    const button = screen.getByRole('button', { name: 'Anna Nowak' });
    expect(button.querySelector('img')).toHaveAttribute('src', owner.avatarPath);
  });

  it('logs out from the avatar menu', async () => {
    const session = renderTools({ ...owner, avatarPath: null });
    await userEvent.click(screen.getByRole('button', { name: 'Anna Nowak' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    expect(session.logout).toHaveBeenCalled();
  });
});
