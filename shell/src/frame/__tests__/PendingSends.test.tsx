import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPerson } from 'shared-ui/testing';
import type { QueuedSubmission } from 'shared-ui/send-queue';
import { renderSignedInTools } from './signed-in-tools-fixture';

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

describe('the pending sends in the top bar', () => {
  it("counts the signed-in person's waiting submissions live and opens their list", async () => {
    renderSignedInTools(patient, { theme: 'high-contrast' });
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
    const session = renderSignedInTools(patient, { theme: 'high-contrast' });
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
    const session = renderSignedInTools(patient, { theme: 'high-contrast' });
    announce([]);
    await userEvent.click(screen.getByRole('button', { name: 'Maria Wiśniewska' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Wyloguj' }));
    expect(session.logout).toHaveBeenCalled();
  });
});
