import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { changePassword } from '../api';
import { PasswordChangePage } from '../components/PasswordChangePage';

jest.mock('../api');
const mockedChange = jest.mocked(changePassword);

afterEach(() => mockedChange.mockReset());

async function fill(oldPassword: string, newPassword: string, repeat: string) {
  if (oldPassword)
    await userEvent.type(screen.getByLabelText(/Aktualne hasło/, { selector: 'input' }), oldPassword);
  if (newPassword)
    await userEvent.type(screen.getByLabelText(/^Nowe hasło/, { selector: 'input' }), newPassword);
  if (repeat)
    await userEvent.type(screen.getByLabelText(/Powtórz nowe hasło/, { selector: 'input' }), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
}

describe('PasswordChangePage', () => {
  it('asks for a new password repeated the same', async () => {
    renderInRemote('mfe-auth', <PasswordChangePage />, { path: '/password-change' });
    await fill('Stare@2026x', '', '');
    expect(
      await screen.findByText(
        'Nie wprowadzono nowego hasła lub wprowadzone nowe hasło nie zgadza się z powtórzonym hasłem.',
      ),
    ).toBeInTheDocument();
    expect(mockedChange).not.toHaveBeenCalled();
  });

  it('tells a wrong current password', async () => {
    mockedChange.mockRejectedValue(
      Object.assign(new Error('400'), {
        isAxiosError: true,
        response: {
          status: 400,
          data: { statusCode: 400, error: 'Bad Request', message: 'x', code: 'invalid-old-password' },
        },
      }),
    );
    renderInRemote('mfe-auth', <PasswordChangePage />, { path: '/password-change' });
    await fill('Zle@2026xx', 'Nowe#Haslo2026', 'Nowe#Haslo2026');
    expect(await screen.findByText('Wprowadzone aktualne hasło jest niepoprawne.')).toBeInTheDocument();
  });

  it('changes the password, reads the person again, tells so and goes to the start page', async () => {
    mockedChange.mockResolvedValue();
    const show = jest.fn();
    const navigate = jest.fn();
    const refreshSession = jest.fn().mockResolvedValue(undefined);
    renderInRemote('mfe-auth', <PasswordChangePage />, {
      path: '/password-change',
      shell: { alerts: { show, dismiss: jest.fn() }, navigate, refreshSession },
    });
    await fill('Stare@2026x', 'Nowe#Haslo2026', 'Nowe#Haslo2026');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(mockedChange).toHaveBeenCalledWith(expect.anything(), {
      oldPassword: 'Stare@2026x',
      newPassword: 'Nowe#Haslo2026',
    });
    expect(show).toHaveBeenCalledWith({ text: 'Hasło zostało zmienione.' });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(refreshSession.mock.invocationCallOrder[0]).toBeGreaterThan(
      mockedChange.mock.invocationCallOrder[0]!,
    );
  });

  it('asks staff whether to revoke their API keys, yes unless unticked', async () => {
    mockedChange.mockResolvedValue();
    renderInRemote('mfe-auth', <PasswordChangePage />, {
      path: '/password-change',
      person: aPerson('ROLE_EDITOR'),
    });
    const question = screen.getByRole('checkbox', { name: 'Unieważnić klucze API?' });
    expect(question).toBeChecked();
    await fill('Stare@2026x', 'Nowe#Haslo2026', 'Nowe#Haslo2026');
    await waitFor(() =>
      expect(mockedChange).toHaveBeenCalledWith(expect.anything(), {
        oldPassword: 'Stare@2026x',
        newPassword: 'Nowe#Haslo2026',
        revokeApiKeys: true,
      }),
    );
    mockedChange.mockClear();
    await userEvent.click(question);
    await userEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    await waitFor(() =>
      expect(mockedChange).toHaveBeenCalledWith(
        expect.anything(),
        expect.objectContaining({ revokeApiKeys: false }),
      ),
    );
  });

  it('does not ask patients, who have no API keys', () => {
    renderInRemote('mfe-auth', <PasswordChangePage />, {
      path: '/password-change',
      person: aPerson('ROLE_USER'),
    });
    expect(screen.queryByRole('checkbox', { name: 'Unieważnić klucze API?' })).not.toBeInTheDocument();
  });
});
