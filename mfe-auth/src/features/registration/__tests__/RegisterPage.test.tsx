import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import type { OrganizationName } from '@formularze/domain/schemas/registration';
import { joinOrganization, openTenantChannel, registerOrganization } from '../api';
import { RegisterPage } from '../components/RegisterPage';

const ORGANIZATIONS: OrganizationName[] = [
  { id: 1, orgName: 'Demo', enableCodeRegistration: false, currentTerms: null },
  { id: 2, orgName: 'Z kodem', enableCodeRegistration: true, currentTerms: null },
  {
    id: 3,
    orgName: 'Z regulaminem',
    enableCodeRegistration: false,
    currentTerms: { id: 30, name: 'Regulamin 2026', link: '/org-media/files/terms/3/regulamin.pdf' },
  },
];

jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  organizationNamesQuery: () =>
    queryOptions({ queryKey: ['organizations', 'names'], queryFn: async () => ORGANIZATIONS }),
  joinOrganization: jest.fn(),
  registerOrganization: jest.fn(),
  openTenantChannel: jest.fn(),
}));

jest.mock('shared-ui/components', () => ({
  ...jest.requireActual('shared-ui/components'),
  CaptchaField: jest.requireActual('shared-ui/testing').FakeCaptchaField,
}));

const STRONG = 'Mocne@2026x';

function conflict(code: string, message = 'komunikat') {
  return { isAxiosError: true, response: { data: { statusCode: 409, error: 'Conflict', message, code } } };
}

function renderPage() {
  const alerts = { show: jest.fn(() => 'id'), dismiss: jest.fn() };
  const navigate = jest.fn();
  renderInRemote('mfe-auth', <RegisterPage />, { path: '/register', shell: { alerts, navigate } });
  return { alerts, navigate };
}

const submit = (name = 'Dołącz') => screen.getByRole('button', { name });
const password = () => screen.getByLabelText(/^Hasło/, { selector: 'input' });
const repeat = () => screen.getByLabelText(/Powtórz hasło/, { selector: 'input' });

async function fillJoin({
  organization = 'Demo',
  mail = 'pacjent@klinika.test',
  repeatPassword = STRONG,
} = {}) {
  await screen.findByRole('option', { name: 'Demo' });
  await userEvent.selectOptions(screen.getByLabelText(/Organizacja/), organization);
  await userEvent.type(screen.getByLabelText(/Email/), mail);
  await userEvent.type(password(), STRONG);
  await userEvent.type(repeat(), repeatPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Rozwiąż captcha' }));
}

describe('RegisterPage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('starts in join mode and keeps submit disabled until the password is strong and the captcha solved', async () => {
    renderPage();
    expect(screen.getByRole('radio', { name: 'Dołącz do organizacji' })).toBeChecked();
    expect(screen.getByText('* Pola wymagane')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Demo' });
    expect(submit()).toBeDisabled();
    await userEvent.type(password(), 'Mocne2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Rozwiąż captcha' }));
    expect(submit()).toBeDisabled();
    await userEvent.type(password(), '@');
    expect(submit()).toBeEnabled();
  });

  it('explains a malformed address and a repeated password that differs', async () => {
    renderPage();
    await fillJoin({ mail: 'nie-email', repeatPassword: 'Inne@2026x' });
    await userEvent.click(submit());
    expect(await screen.findByText('Nieprawidłowy adres email')).toBeInTheDocument();
    expect(screen.getByText('Powtórzone hasło nie jest zgodne')).toBeInTheDocument();
    expect(joinOrganization).not.toHaveBeenCalled();
  });

  it('asks for the organization code when the organization requires one', async () => {
    renderPage();
    await fillJoin({ organization: 'Z kodem' });
    await userEvent.type(screen.getByLabelText(/Kod organizacji/), 'KRÓTKI');
    await userEvent.click(submit());
    expect(await screen.findByText('Kod musi zawierać co najmniej 8 znaków.')).toBeInTheDocument();
    jest.mocked(joinOrganization).mockResolvedValue({ activated: true });
    await userEvent.type(screen.getByLabelText(/Kod organizacji/), '-KOD');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(joinOrganization).toHaveBeenCalledWith(expect.anything(), 2, {
        mail: 'pacjent@klinika.test',
        password: STRONG,
        orgCode: 'KRÓTKI-KOD',
        acceptedTerms: null,
        captcha: 'rozwiązanie-0',
      }),
    );
  });

  it('requires accepting the current terms, linked as a PDF, and sends their id', async () => {
    jest.mocked(joinOrganization).mockResolvedValue({ activated: true });
    renderPage();
    await fillJoin({ organization: 'Z regulaminem' });
    expect(screen.getByRole('link', { name: 'Otwórz regulamin (PDF)' })).toHaveAttribute(
      'href',
      '/org-media/files/terms/3/regulamin.pdf',
    );
    await userEvent.click(submit());
    expect(await screen.findByText('Zaakceptuj regulamin organizacji.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Akceptuję regulamin organizacji/ }));
    await userEvent.click(submit());
    await waitFor(() =>
      expect(joinOrganization).toHaveBeenCalledWith(
        expect.anything(),
        3,
        expect.objectContaining({ acceptedTerms: 30, orgCode: null }),
      ),
    );
  });

  it('goes to the login page with the success message after joining', async () => {
    jest.mocked(joinOrganization).mockResolvedValue({ activated: true });
    const { alerts, navigate } = renderPage();
    await fillJoin();
    await userEvent.click(submit());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(alerts.show).toHaveBeenCalledWith({ text: 'Rejestracja przebiegła pomyślnie.', timeoutMs: 3000 });
  });

  it('says when the organization still has to activate the account', async () => {
    jest.mocked(joinOrganization).mockResolvedValue({ activated: false });
    const { alerts } = renderPage();
    await fillJoin();
    await userEvent.click(submit());
    await waitFor(() =>
      expect(alerts.show).toHaveBeenCalledWith(
        expect.objectContaining({ text: expect.stringContaining('Konto zostanie aktywowane') }),
      ),
    );
  });

  it('shows the mapped error and asks for a new captcha after a refused registration', async () => {
    jest.mocked(joinOrganization).mockRejectedValue(conflict('Email is not unique'));
    const { alerts, navigate } = renderPage();
    await fillJoin();
    await userEvent.click(submit());
    expect(
      await screen.findByText('Błąd rejestracji, email jest już używany w systemie.'),
    ).toBeInTheDocument();
    expect(alerts.show).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(submit()).toBeDisabled();
  });

  it('creates an organization: opens the channel first, then registers, and completes on the message', async () => {
    const order: string[] = [];
    let announceCreated!: () => void;
    let channelToken = '';
    jest.mocked(openTenantChannel).mockImplementation((token) => {
      channelToken = token;
      order.push('channel');
      return {
        opened: Promise.resolve(),
        created: new Promise<void>((resolve) => (announceCreated = resolve)),
        close: jest.fn(),
      };
    });
    jest.mocked(registerOrganization).mockImplementation(async () => {
      order.push('register');
      return { organizationId: 7 };
    });
    const { alerts, navigate } = renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Załóż organizację' }));
    await userEvent.type(screen.getByLabelText(/Imię i nazwisko/), 'Anna Nowak');
    await userEvent.type(screen.getByLabelText(/Email/), 'Anna@Klinika.test');
    await userEvent.type(password(), STRONG);
    await userEvent.type(repeat(), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Rozwiąż captcha' }));
    await userEvent.click(submit('Załóż organizację'));

    expect(await screen.findByText('Trwa zakładanie organizacji…')).toBeInTheDocument();
    expect(order).toEqual(['channel', 'register']);
    // The channel is the registration's own: a fresh random token, sent with it, not the address.
    expect(channelToken).toMatch(/^[\w-]{43}$/);
    expect(registerOrganization).toHaveBeenCalledWith(expect.anything(), {
      orgName: 'Anna Nowak',
      mail: 'anna@klinika.test',
      password: STRONG,
      captcha: 'rozwiązanie-0',
      channelToken,
    });
    expect(navigate).not.toHaveBeenCalled();
    announceCreated();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(alerts.show).toHaveBeenCalledWith({ text: 'Rejestracja przebiegła pomyślnie.', timeoutMs: 3000 });
  });

  it('reports a creation that never completes with the generic message and an error alert', async () => {
    jest.mocked(openTenantChannel).mockReturnValue({
      opened: Promise.resolve(),
      created: Promise.reject(new Error('przekroczono czas oczekiwania na założenie organizacji')),
      close: jest.fn(),
    });
    jest.mocked(registerOrganization).mockResolvedValue({ organizationId: 7 });
    const { alerts } = renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Załóż organizację' }));
    await userEvent.type(screen.getByLabelText(/Imię i nazwisko/), 'Anna Nowak');
    await userEvent.type(screen.getByLabelText(/Email/), 'anna@klinika.test');
    await userEvent.type(password(), STRONG);
    await userEvent.type(repeat(), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Rozwiąż captcha' }));
    await userEvent.click(submit('Załóż organizację'));
    const message = 'Błąd rejestracji, (przekroczono czas oczekiwania na założenie organizacji).';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(alerts.show).toHaveBeenCalledWith({ text: message, isError: true });
  });
});
