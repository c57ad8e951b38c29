import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createObservable } from '@formularze/domain/contract';
import type { AppConfig } from '@formularze/domain/schemas';
import { renderInRemote } from 'shared-ui/testing';
import { loginPatient } from '../api';
import { LoginPage } from '../components/LoginPage';

jest.mock('../api');
const mockedLogin = jest.mocked(loginPatient);

/** What a failed call looks like to the screen: an axios error carrying the API's body. */
function apiFailure(statusCode: number, message: string, extra: object = {}) {
  return Object.assign(new Error('Request failed'), {
    isAxiosError: true,
    response: { status: statusCode, data: { statusCode, error: 'x', message, ...extra } },
  });
}

const CONFIG: AppConfig = {
  hasAnyJoinableOrganization: false,
  requireGlobalTosAcceptance: false,
  hasSingleScheduledForm: false,
  singleScheduledFormId: null,
  autoLogoutEnabled: true,
};

function renderLogin(config: Partial<AppConfig> = {}) {
  const observable = createObservable({ ...CONFIG, ...config });
  return {
    config: observable,
    ...renderInRemote('mfe-auth', <LoginPage />, { path: '/login', shell: { config: observable } }),
  };
}

type User = Pick<typeof userEvent, 'clear' | 'type' | 'click'>;

async function submit(user: User = userEvent, login = 'pacjent@org.test', password = 'Wrong@2026x') {
  await user.clear(screen.getByLabelText(/Login/));
  await user.type(screen.getByLabelText(/Login/), login);
  await user.clear(screen.getByLabelText(/Hasło/, { selector: 'input' }));
  await user.type(screen.getByLabelText(/Hasło/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
}

afterEach(() => {
  mockedLogin.mockReset();
  jest.useRealTimers();
});

describe('LoginPage', () => {
  it('asks for both fields before sending anything', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(2);
    expect(mockedLogin).not.toHaveBeenCalled();
  });

  it('explains a login that is neither an e-mail nor a phone number', async () => {
    renderLogin();
    await submit(userEvent, '12345', 'tajne');
    expect(await screen.findByText('Nieprawidłowy format wprowadzonego loginu')).toBeInTheDocument();
  });

  it('lets the user reveal the password from the keyboard', async () => {
    renderLogin();
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

  it('offers "Dołącz do organizacji" only while a joinable organization exists', () => {
    const { config } = renderLogin();
    expect(screen.queryByRole('link', { name: 'Dołącz do organizacji' })).not.toBeInTheDocument();
    act(() => config.set({ ...CONFIG, hasAnyJoinableOrganization: true }));
    expect(screen.getByRole('link', { name: 'Dołącz do organizacji' })).toHaveAttribute('href', '/register');
  });

  it('sends a phone number in international form and hands the token to the shell', async () => {
    mockedLogin.mockResolvedValue({ token: 't' });
    const signIn = jest.fn().mockResolvedValue(undefined);
    renderInRemote('mfe-auth', <LoginPage />, { path: '/login', shell: { signIn } });
    await submit(userEvent, '600100200', 'Dobre@2026x');
    expect(mockedLogin).toHaveBeenCalledWith(expect.anything(), {
      phone: '+48600100200',
      password: 'Dobre@2026x',
    });
    expect(signIn).toHaveBeenCalledWith('t', 'patient');
  });

  it('warns when three or fewer attempts are left, and tells a block', async () => {
    renderLogin();
    mockedLogin.mockRejectedValueOnce(apiFailure(401, '4', { code: 'attempts-left', attemptsLeft: 4 }));
    await submit();
    expect(await screen.findByText('Nieprawidłowy login lub hasło')).toBeInTheDocument();
    expect(screen.queryByText(/Pozostało prób logowania/)).not.toBeInTheDocument();
    mockedLogin.mockRejectedValueOnce(apiFailure(401, '3', { code: 'attempts-left', attemptsLeft: 3 }));
    await submit();
    expect(await screen.findByText('Pozostało prób logowania: 3')).toBeInTheDocument();
    mockedLogin.mockRejectedValueOnce(
      apiFailure(423, 'Konto zostało czasowo zablokowane', { code: 'blocked' }),
    );
    await submit();
    expect(await screen.findByText('Konto zostało czasowo zablokowane')).toBeInTheDocument();
    expect(screen.queryByText(/Pozostało prób logowania/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /Logowanie będzie możliwe po upływie 15 minut \(po kolejnej blokadzie z rzędu: 1 godziny, po każdej następnej: 24 godzin\)\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ustawić nowe hasło' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    // The retry hint is for wrong passwords; a blocked login has nothing to retry now.
    expect(screen.queryByText(/Spróbuj poprawnie wpisać hasło/)).not.toBeInTheDocument();
  });

  it('tells a not activated account', async () => {
    renderLogin();
    mockedLogin.mockRejectedValueOnce(apiFailure(401, 'x', { code: 'not activated' }));
    await submit();
    expect(await screen.findByText('Użytkownik nie został aktywowany')).toBeInTheDocument();
  });

  it('shows the retry hint from the second failure on, for 7 seconds, with a link to a new password', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLogin();
    const hint = () => screen.queryByText(/Spróbuj poprawnie wpisać hasło lub/);
    mockedLogin.mockRejectedValue(apiFailure(401, '4', { code: 'attempts-left', attemptsLeft: 4 }));
    await submit(user);
    await screen.findByText('Nieprawidłowy login lub hasło');
    expect(hint()).not.toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText(/Spróbuj poprawnie wpisać hasło lub/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ustaw nowe hasło' })).toHaveAttribute('href', '/password-reset');
    act(() => jest.advanceTimersByTime(6900));
    expect(hint()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(hint()).not.toBeInTheDocument();
  });

  it('asks for the service terms when they must be accepted, and sends the acceptance', async () => {
    mockedLogin.mockResolvedValue({ token: 't' });
    renderLogin({ requireGlobalTosAcceptance: true });
    await submit(userEvent, 'pacjent@org.test', 'Dobre@2026x');
    expect(await screen.findByText('Wymagane zaakceptowanie regulaminu serwisu')).toBeInTheDocument();
    expect(mockedLogin).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Akceptuję regulamin serwisu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(mockedLogin).toHaveBeenCalledWith(expect.anything(), {
      username: 'pacjent@org.test',
      password: 'Dobre@2026x',
      globalTosAccepted: true,
    });
  });
});
