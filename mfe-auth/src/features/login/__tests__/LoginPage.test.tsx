import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { LoginPage } from '../components/LoginPage';

describe('LoginPage', () => {
  it('asks for both fields before sending anything', async () => {
    renderInRemote('mfe-auth', <LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
  });

  it('explains a login that is neither an e-mail nor a phone number', async () => {
    renderInRemote('mfe-auth', <LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText(/Login/), '12345');
    await userEvent.type(screen.getByLabelText(/Hasło/, { selector: 'input' }), 'tajne');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Nieprawidłowy format wprowadzonego loginu')).toBeInTheDocument();
  });

  it('lets the user reveal the password from the keyboard', async () => {
    renderInRemote('mfe-auth', <LoginPage />, { path: '/login' });
    const password = screen.getByLabelText(/Hasło/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż hasło' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('sets the page title through the shell contract', () => {
    const setTitle = jest.fn();
    renderInRemote('mfe-auth', <LoginPage />, { path: '/login', shell: { page: { setTitle } } });
    expect(setTitle).toHaveBeenCalledWith('Logowanie');
  });
});
