import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
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

  it('changes the password, tells so and goes to the start page', async () => {
    mockedChange.mockResolvedValue();
    const show = jest.fn();
    const navigate = jest.fn();
    renderInRemote('mfe-auth', <PasswordChangePage />, {
      path: '/password-change',
      shell: { alerts: { show, dismiss: jest.fn() }, navigate },
    });
    await fill('Stare@2026x', 'Nowe#Haslo2026', 'Nowe#Haslo2026');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(mockedChange).toHaveBeenCalledWith(expect.anything(), {
      oldPassword: 'Stare@2026x',
      newPassword: 'Nowe#Haslo2026',
    });
    expect(show).toHaveBeenCalledWith({ text: 'Hasło zostało zmienione.' });
  });
});
