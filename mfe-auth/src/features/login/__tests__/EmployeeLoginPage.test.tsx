import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { loginEmployee } from '../api';
import { EmployeeLoginPage } from '../components/EmployeeLoginPage';

jest.mock('../api');
const mockedLogin = jest.mocked(loginEmployee);

function apiFailure(statusCode: number, message: string, extra: object = {}) {
  return Object.assign(new Error('Request failed'), {
    isAxiosError: true,
    response: { status: statusCode, data: { statusCode, error: 'x', message, ...extra } },
  });
}

async function submit() {
  renderInRemote('mfe-auth', <EmployeeLoginPage />, { path: '/login-employee' });
  await userEvent.type(screen.getByLabelText(/Adres e-mail/), 'lekarz@org.test');
  await userEvent.type(screen.getByLabelText(/Hasło/, { selector: 'input' }), 'Wrong@2026x');
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
}

afterEach(() => mockedLogin.mockReset());

describe('EmployeeLoginPage', () => {
  it('warns when at most three attempts are left after this one', async () => {
    mockedLogin.mockRejectedValue(apiFailure(401, 'x', { code: 'InvalidEmailError', attemptsLeft: 2 }));
    await submit();
    expect(await screen.findByText('Nieprawidłowy adres email lub hasło')).toBeInTheDocument();
    expect(screen.getByText('Pozostało prób logowania: 2')).toBeInTheDocument();
  });

  it('tells a temporary block', async () => {
    mockedLogin.mockRejectedValue(apiFailure(423, 'x', { code: 'EmployeeBlockedError', attemptsLeft: 0 }));
    await submit();
    expect(await screen.findByText('Konto tymczasowo zablokowane')).toBeInTheDocument();
    expect(screen.getByText(/Logowanie będzie możliwe po upływie 15 minut/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ustawić nowe hasło' })).toHaveAttribute(
      'href',
      '/password-employee-reset',
    );
  });

  it('links to the staff password recovery', () => {
    renderInRemote('mfe-auth', <EmployeeLoginPage />, { path: '/login-employee' });
    expect(screen.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toHaveAttribute(
      'href',
      '/password-employee-reset',
    );
  });
});
