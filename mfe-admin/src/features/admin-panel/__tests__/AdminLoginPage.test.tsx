import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { AdminLoginPage } from '../components/AdminLoginPage';

describe('AdminLoginPage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('has a user name, a password with a show/hide toggle and the login button', () => {
    renderInRemote('mfe-admin', <AdminLoginPage />, { path: '/admin-panel/login' });
    expect(screen.getByLabelText(/Nazwa użytkownika/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Hasło/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Pokaż hasło' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
  });

  it('does not send an empty form', async () => {
    renderInRemote('mfe-admin', <AdminLoginPage />, { path: '/admin-panel/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(screen.queryByText('Błąd logowania')).not.toBeInTheDocument();
  });
});
