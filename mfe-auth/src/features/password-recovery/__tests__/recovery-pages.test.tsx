import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { Route, Routes } from 'shared-ui/routing';
import { askEmployeeReset, askPatientReset, checkResetLink, setPasswordByLink } from '../api';
import { EmployeePasswordResetPage } from '../components/EmployeePasswordResetPage';
import { PasswordResetPage } from '../components/PasswordResetPage';
import { ResetLinkExpiredPage } from '../components/ResetLinkExpiredPage';
import { isLinkValid, ResetLinkPage } from '../components/ResetLinkPage';
import { SetNewPasswordPage } from '../components/SetNewPasswordPage';

jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  askPatientReset: jest.fn(),
  askEmployeeReset: jest.fn(),
  checkResetLink: jest.fn(),
  setPasswordByLink: jest.fn(),
}));

const notFound = Object.assign(new Error('404'), {
  isAxiosError: true,
  response: {
    status: 404,
    data: { statusCode: 404, error: 'Not Found', message: 'x', code: 'reset-link-invalid' },
  },
});
const inADay = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

afterEach(() => jest.resetAllMocks());

describe('PasswordResetPage', () => {
  it('sends a 9-digit phone with +48 and tells the link was sent', async () => {
    jest.mocked(askPatientReset).mockResolvedValue();
    const show = jest.fn();
    const navigate = jest.fn();
    renderInRemote('mfe-auth', <PasswordResetPage />, {
      path: '/password-reset',
      shell: { alerts: { show, dismiss: jest.fn() }, navigate },
    });
    await userEvent.type(screen.getByLabelText(/Login/), '600100200');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Link do zmiany hasła został wysłany' }));
    expect(askPatientReset).toHaveBeenCalledWith(expect.anything(), { phone: '+48600100200', lang: 'pl' });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('checks the login format like the login form', async () => {
    renderInRemote('mfe-auth', <PasswordResetPage />, { path: '/password-reset' });
    await userEvent.type(screen.getByLabelText(/Login/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText('Nieprawidłowy format wprowadzonego loginu')).toBeInTheDocument();
    expect(askPatientReset).not.toHaveBeenCalled();
  });
});

describe('EmployeePasswordResetPage', () => {
  it('tells a failure to send, and links back to the staff login', async () => {
    jest.mocked(askEmployeeReset).mockRejectedValue(new Error('network'));
    const show = jest.fn();
    renderInRemote('mfe-auth', <EmployeePasswordResetPage />, {
      path: '/password-employee-reset',
      shell: { alerts: { show, dismiss: jest.fn() } },
    });
    expect(screen.getByRole('link', { name: 'Wróć do logowania personelu' })).toHaveAttribute(
      'href',
      '/login-employee',
    );
    await userEvent.type(screen.getByLabelText(/Adres e-mail/), 'lekarz@org.test');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Link do zmiany hasła nie został wysłany', isError: true }),
    );
  });
});

describe('ResetLinkPage', () => {
  it('goes on to setting the password while the link is valid', async () => {
    jest
      .mocked(checkResetLink)
      .mockResolvedValue({ validUntil: inADay(), role: 'employee', login: 'a@b.pl' });
    const navigate = jest.fn();
    renderInRemote('mfe-auth', <ResetLinkPage />, {
      path: '/password-reset-link?token=abc&role=employee',
      shell: { navigate },
    });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/password-set-new/abc?role=employee', { replace: true }),
    );
  });

  it('leads an unknown or used link to the expired page', async () => {
    jest.mocked(checkResetLink).mockRejectedValue(notFound);
    const navigate = jest.fn();
    renderInRemote('mfe-auth', <ResetLinkPage />, {
      path: '/password-reset-link?token=abc',
      shell: { navigate },
    });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/password-reset-link-expired', { replace: true }),
    );
  });

  it('judges a link by its validUntil', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    expect(isLinkValid('2026-03-02T08:00:01Z', now)).toBe(true);
    expect(isLinkValid('2026-03-02T08:00:00Z', now)).toBe(false);
  });
});

describe('SetNewPasswordPage', () => {
  function renderAt(path: string, shell: object) {
    return renderInRemote(
      'mfe-auth',
      <Routes>
        <Route path="/password-set-new/:token" element={<SetNewPasswordPage />} />
      </Routes>,
      { path, shell },
    );
  }

  it('sets the password and sends a patient to /login', async () => {
    jest
      .mocked(checkResetLink)
      .mockResolvedValue({ validUntil: inADay(), role: 'user', login: 'p@org.test' });
    jest.mocked(setPasswordByLink).mockResolvedValue();
    const show = jest.fn();
    const navigate = jest.fn();
    renderAt('/password-set-new/tok?role=user', { alerts: { show, dismiss: jest.fn() }, navigate });
    await userEvent.type(screen.getByLabelText(/^Nowe hasło/, { selector: 'input' }), 'Nowe#Haslo2026');
    await userEvent.type(
      screen.getByLabelText(/Powtórz nowe hasło/, { selector: 'input' }),
      'Nowe#Haslo2026',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zapisz hasło' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(setPasswordByLink).toHaveBeenCalledWith(expect.anything(), 'user', {
      email: 'p@org.test',
      resetId: 'tok',
      newPassword: 'Nowe#Haslo2026',
    });
    expect(show).toHaveBeenCalledWith({ text: 'Hasło zostało zmienione.' });
  });

  it('refuses a different repetition and tells a failed change', async () => {
    jest
      .mocked(checkResetLink)
      .mockResolvedValue({ validUntil: inADay(), role: 'employee', login: 'l@org.test' });
    jest.mocked(setPasswordByLink).mockRejectedValue(new Error('400'));
    renderAt('/password-set-new/tok?role=employee', {});
    await userEvent.type(screen.getByLabelText(/^Nowe hasło/, { selector: 'input' }), 'Nowe#Haslo2026');
    await userEvent.type(
      screen.getByLabelText(/Powtórz nowe hasło/, { selector: 'input' }),
      'Inne#Haslo2026',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zapisz hasło' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }));
    expect(await screen.findByText('Powtórzone hasło nie jest zgodne')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Powtórz nowe hasło/, { selector: 'input' }));
    await userEvent.type(
      screen.getByLabelText(/Powtórz nowe hasło/, { selector: 'input' }),
      'Nowe#Haslo2026',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz hasło' }));
    expect(await screen.findByText('Błąd zmiany hasła')).toBeInTheDocument();
  });
});

describe('ResetLinkExpiredPage', () => {
  it('says the link expired and links to a new request and the login', () => {
    renderInRemote('mfe-auth', <ResetLinkExpiredPage />, { path: '/password-reset-link-expired' });
    expect(
      screen.getByRole('heading', { name: 'Przepraszamy! Link do zmiany hasła wygasł.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyślij nowy link' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Wróć do logowania' })).toHaveAttribute('href', '/login');
  });
});
