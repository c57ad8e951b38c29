import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from 'shared-ui/api-client';
import { aPerson } from 'shared-ui/testing';
import type { QueuedSubmission } from 'shared-ui/send-queue';
import { createObservable, type SessionSnapshot } from '@formularze/domain/contract';
import { themeFor } from 'shared-ui/theme';
import { ShellRuntimeContext, type ShellRuntime } from '../shell-context';
import { SignedInTools } from '../signed-in/SignedInTools';

/** The queue as the shell sees it: the test announces its content, as another tab's change would. */
let announce: (entries: QueuedSubmission[]) => void = () => undefined;
const watchedAccounts: number[] = [];
jest.mock('shared-ui/send-queue', () => ({
  ...jest.requireActual('shared-ui/send-queue'),
  watchQueuedSubmissions: (accountId: number, onChange: (entries: QueuedSubmission[]) => void) => {
    watchedAccounts.push(accountId);
    announce = (entries) => act(() => onChange(entries));
    return () => undefined;
  },
}));

const navigate = jest.fn();
jest.mock('../../contract/create-shell-contract', () => ({ navigate: (to: string) => navigate(to) }));

const patient = aPerson('ROLE_USER', { id: 7, firstName: 'Maria', surname: 'Wiśniewska', avatarPath: null });

const entry = (state: QueuedSubmission['state'], key: string) =>
  ({ idempotencyKey: key, accountId: 7, formName: 'Ankieta bólu', state }) as QueuedSubmission;

function renderTools() {
  const session = Object.assign(
    createObservable<SessionSnapshot>({ status: 'authenticated', person: patient }),
    { logout: jest.fn(async () => undefined) },
  );
  const api = { get: jest.fn(async () => ({ data: { files: [] } })) } as unknown as ApiClient;
  const appearance = createObservable({ theme: 'high-contrast' as const, fontLevel: 0 as const });
  render(
    <ShellRuntimeContext.Provider value={{ session, api, appearance } as unknown as ShellRuntime}>
      <QueryClientProvider client={new QueryClient()}>
        <FluentProvider theme={themeFor({ theme: 'high-contrast', fontLevel: 0 })}>
          <SignedInTools toolClassName="" />
        </FluentProvider>
      </QueryClientProvider>
    </ShellRuntimeContext.Provider>,
  );
  return session;
}

describe('the pending sends in the top bar', () => {
  it("counts the signed-in person's waiting submissions live and opens their list", async () => {
    renderTools();
    expect(watchedAccounts).toContain(7);
    expect(screen.queryByRole('button', { name: /Oczekuje na wysłanie/ })).toBeNull();

    announce([entry('waiting', 'a'), entry('sending', 'b')]);
    const indicator = screen.getByRole('button', { name: 'Oczekuje na wysłanie: 2' });
    // In a live region: a screen reader hears the count change.
    expect(indicator.closest('[aria-live="polite"]')).not.toBeNull();

    announce([entry('waiting', 'a'), entry('refused', 'b')]);
    expect(screen.getByRole('button', { name: 'Oczekuje na wysłanie: 1, Nie przyjęto: 1' })).toBeVisible();

    // Reached with the keyboard like the other tools of the bar.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Oczekuje na wysłanie: 1/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/forms/queued');

    announce([]);
    expect(screen.queryByRole('button', { name: /Oczekuje|Nie przyjęto/ })).toBeNull();
  });

  it('a logout with unsent answers asks first; cancelling keeps the session', async () => {
    const session = renderTools();
    announce([entry('waiting', 'a')]);
    await userEvent.click(screen.getByRole('button', { name: 'Maria Wiśniewska' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nie wszystkie odpowiedzi zostały wysłane' });
    expect(dialog).toHaveTextContent('czekają odpowiedzi, których nie wysłano (1)');
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(session.logout).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Maria Wiśniewska' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Wyloguj i usuń odpowiedzi' }));
    expect(session.logout).toHaveBeenCalled();
  });

  it('with nothing waiting the logout is immediate', async () => {
    const session = renderTools();
    announce([]);
    await userEvent.click(screen.getByRole('button', { name: 'Maria Wiśniewska' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    expect(session.logout).toHaveBeenCalled();
  });
});
