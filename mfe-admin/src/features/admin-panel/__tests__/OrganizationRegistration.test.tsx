import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { OrganizationRegistration } from '../components/OrganizationRegistration';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

jest.mock('shared-ui/components', () => ({
  ...jest.requireActual('shared-ui/components'),
  CaptchaField: jest.requireActual('shared-ui/testing').FakeCaptchaField,
}));

const STRONG = 'Mocne@2026x';
const submit = () => screen.getByRole('button', { name: 'Załóż organizację' });
const name = () => screen.getByLabelText(/Nazwa organizacji/);
const mail = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Hasło/, { selector: 'input' });
const repeat = () => screen.getByLabelText(/Powtórz hasło/, { selector: 'input' });

async function fill(user: UserEvent, { email = 'biuro@nowa-klinika.test', repeated = STRONG } = {}) {
  await user.type(name(), 'Nowa Klinika');
  await user.type(mail(), email);
  await user.type(password(), STRONG);
  await user.type(repeat(), repeated);
  await user.click(screen.getByRole('button', { name: 'Rozwiąż captcha' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem('ownerToken', 'token-panelu');
});
afterEach(() => jest.useRealTimers());

describe('OrganizationRegistration', () => {
  it('enables submit only with a name, a valid email, a full-strength matching password and the captcha', async () => {
    const user = userEvent.setup();
    renderInRemote('mfe-admin', <OrganizationRegistration />, { path: '/admin-panel' });
    expect(screen.getByText('* Pola wymagane')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await fill(user, { repeated: 'Inne@2026x' });
    expect(submit()).toBeDisabled();
    await user.clear(repeat());
    await user.type(repeat(), STRONG);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.clear(password());
    await user.type(password(), 'slabe');
    await waitFor(() => expect(submit()).toBeDisabled());
  });

  it('refuses an address with Polish diacritics', async () => {
    const user = userEvent.setup();
    renderInRemote('mfe-admin', <OrganizationRegistration />, { path: '/admin-panel' });
    await fill(user, { email: 'biuro@przychodnia-łódź.pl' });
    expect(screen.getByText('Nieprawidłowy adres email')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(mail());
    await user.type(mail(), 'biuro@przychodnia-lodz.pl');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('Nieprawidłowy adres email')).not.toBeInTheDocument();
  });

  it('founds the organization, says so for 3 seconds and then starts over', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.post.mockResolvedValue({ data: { organizationId: 7 } });
    renderInRemote('mfe-admin', <OrganizationRegistration />, { path: '/admin-panel' });
    await fill(user, { email: ' Biuro@Nowa-Klinika.test' });
    await user.click(submit());

    expect(await screen.findByText('Organizacja została założona')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/organizations/register', {
      orgName: 'Nowa Klinika',
      mail: 'biuro@nowa-klinika.test',
      password: STRONG,
      captcha: 'rozwiązanie-0',
    });
    // The solution is spent: the form cannot be sent again while the message shows.
    expect(submit()).toBeDisabled();

    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByText('Organizacja została założona')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Organizacja została założona')).not.toBeInTheDocument();
    expect(name()).toHaveValue('');
    expect(mail()).toHaveValue('');
    expect(password()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Rozwiąż captcha' })).toHaveAttribute('data-reset-key', '1');
  });

  it('shows the API message of a refusal and asks for a new captcha', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue({
      isAxiosError: true,
      response: {
        data: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Nazwa organizacji nie jest unikalna',
          code: 'Organization name is not unique',
        },
      },
    });
    renderInRemote('mfe-admin', <OrganizationRegistration />, { path: '/admin-panel' });
    await fill(user);
    await user.click(submit());
    expect(await screen.findByText('Nazwa organizacji nie jest unikalna')).toBeInTheDocument();
    expect(name()).toHaveValue('Nowa Klinika');
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rozwiąż captcha' })).toHaveAttribute('data-reset-key', '1');
  });
});
