import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedTerms } from '@formularze/domain/schemas/terms';
import { aFakeApiClient, renderInRemote } from 'shared-ui/testing';
import { TermsPage } from '../components/TermsPage';

const api = aFakeApiClient();

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

const current: ManagedTerms = {
  id: 2,
  name: 'Regulamin 2026',
  link: '/org-media/files/terms/1/a.pdf',
  activeSince: at(-3),
  removedAt: null,
  used: true,
};
const future: ManagedTerms = { ...current, id: 3, name: 'Regulamin 2027', activeSince: at(30), used: false };
const removed: ManagedTerms = {
  ...current,
  id: 1,
  name: 'Stary regulamin',
  activeSince: at(-10),
  removedAt: at(-1),
  used: false,
};

/** An axios-like failure with the API's error body. */
const apiFailure = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), {
    isAxiosError: true,
    response: { status, data: { statusCode: status, error: 'Error', message, code } },
  });

function renderPage() {
  const show = jest.fn(() => 'alert');
  const navigate = jest.fn();
  renderInRemote('mfe-admin', <TermsPage />, {
    path: '/terms',
    shell: { alerts: { show, dismiss: jest.fn() }, navigate },
    api,
  });
  return { show, navigate };
}

const pdf = () => new File(['%PDF-1.4'], 'regulamin.pdf', { type: 'application/pdf' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: [future, current, removed] });
});

describe('TermsPage', () => {
  it('lists the terms with links to their PDFs; removed ones struck through and labelled', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Regulaminy organizacji' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'przyszły',
      'aktualny',
      'usunięty',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'PDF regulaminu Regulamin 2026' })).toHaveAttribute(
      'href',
      '/org-media/files/terms/1/a.pdf',
    );
    const struck = within(rows[2]!).getByText('Stary regulamin');
    expect(struck.tagName).toBe('DEL');
    // Only live terms can be removed.
    expect(within(rows[2]!).queryByRole('button', { name: /Usuń/ })).not.toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('button', { name: 'Usuń regulamin Regulamin 2027' }),
    ).toBeInTheDocument();
  });

  it('requires a name, a PDF and a start day', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    expect(screen.getByText('Wybierz plik PDF regulaminu.')).toBeInTheDocument();
    expect(screen.getByText('Podaj datę rozpoczęcia obowiązywania regulaminu.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PDF before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.upload(
      await screen.findByLabelText(/Plik PDF/),
      new File(['<html>'], 'strona.html', { type: 'text/html' }),
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('Plik regulaminu musi być dokumentem PDF.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('uploads the PDF with its name and start day, then lists it', async () => {
    api.post.mockResolvedValue({
      data: { ...future, id: 4, name: 'Nowy', activeSince: '2026-12-31T23:00:00.000Z' },
    });
    const { show } = renderPage();
    const file = pdf();
    await userEvent.type(await screen.findByLabelText(/Nazwa regulaminu/), 'Nowy');
    await userEvent.upload(screen.getByLabelText(/Plik PDF/), file);
    await userEvent.type(screen.getByLabelText(/Data rozpoczęcia obowiązywania/), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));

    await waitFor(() => expect(api.post).toHaveBeenCalled());
    const [url, form] = api.post.mock.calls[0] as [string, FormData];
    expect(url).toBe('/api/organizations/terms');
    expect(form.get('name')).toBe('Nowy');
    expect(form.get('activeSince')).toBe('2027-01-01');
    expect(form.get('active')).toBe('true');
    expect(form.get('termFile')).toBe(file);
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Dodano regulamin.', timeoutMs: 4000 }));
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText(/Nazwa regulaminu/)).toHaveValue('');
  });

  it('shows the date conflict at the start day', async () => {
    api.post.mockRejectedValue(
      apiFailure(409, 'terms-date-conflict', 'Istnieje już regulamin rozpoczynający się od tej daty.'),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Nazwa regulaminu/), 'Nowy');
    await userEvent.upload(screen.getByLabelText(/Plik PDF/), pdf());
    await userEvent.type(screen.getByLabelText(/Data rozpoczęcia obowiązywania/), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(
      await screen.findByText(
        'Istnieje już regulamin rozpoczynający się od tej daty. Zmień datę rozpoczęcia obowiązywania regulaminu lub usuń istniejący regulamin.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Data rozpoczęcia obowiązywania/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('drops the date conflict once the conflicting terms are removed', async () => {
    api.post.mockRejectedValue(
      apiFailure(409, 'terms-date-conflict', 'Istnieje już regulamin rozpoczynający się od tej daty.'),
    );
    api.delete.mockResolvedValue({ data: '' });
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Nazwa regulaminu/), 'Nowy');
    await userEvent.upload(screen.getByLabelText(/Plik PDF/), pdf());
    await userEvent.type(screen.getByLabelText(/Data rozpoczęcia obowiązywania/), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    const conflict = await screen.findByText(/Istnieje już regulamin rozpoczynający się od tej daty/);

    api.get.mockResolvedValue({ data: [{ ...future, removedAt: at(0) }, current, removed] });
    await userEvent.click(screen.getByRole('button', { name: 'Usuń regulamin Regulamin 2027' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(conflict).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Data rozpoczęcia obowiązywania/)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('removes terms after confirmation', async () => {
    api.delete.mockResolvedValue({ data: '' });
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń regulamin Regulamin 2027' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Regulamin 2027 zostanie oznaczony jako usunięty/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Regulamin został usunięty.', timeoutMs: 4000 }),
    );
    expect(api.delete).toHaveBeenCalledWith('/api/organizations/terms/3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again, with the document now marked removed.
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('cancelling the removal removes nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń regulamin Regulamin 2027' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.delete).not.toHaveBeenCalled();
  });

  it.each([
    [
      apiFailure(400, 'cant-remove-used-terms', 'x'),
      'Błąd usuwania regulaminu, ktoś już zaakceptował ten regulamin.',
    ],
    [
      apiFailure(404, 'not-found', 'Nie znaleziono regulaminu.'),
      'Błąd usuwania regulaminu, (Nie znaleziono regulaminu.)',
    ],
  ])('says why a removal failed', async (failure, text) => {
    api.delete.mockRejectedValue(failure);
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń regulamin Regulamin 2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text, isError: true, timeoutMs: 4000 }));
  });

  it('cancel goes to the profile', async () => {
    const { navigate } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    expect(navigate).toHaveBeenCalledWith('/profile');
  });
});
