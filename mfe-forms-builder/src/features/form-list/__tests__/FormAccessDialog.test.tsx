import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AllowedUser, FormListItem } from '@formularze/domain/schemas/forms';
import { aFakeApiClient, aPerson, apiFailure, renderInRemote } from 'shared-ui/testing';
import { organizationToday } from '../access-entries';
import { FormAccessDialog } from '../components/FormAccessDialog';

const api = aFakeApiClient();

const form: FormListItem = {
  id: 9,
  name: 'Ankieta bólu',
  description: null,
  status: 'ACTIVE',
  edition: 1,
  formGroup: null,
  bag: { id: 9 },
  numberOfUsers: 1,
  numberOfUsersActiveNow: 1,
  filledFormCount: 0,
  defaultAssignmentDuration: 10,
  layoutId: 9,
  allowDrafting: false,
  schedule: null,
};

const person = (userId: number, firstName: string, roles: string[], selected = false): AllowedUser => ({
  userId,
  firstName,
  surname: 'Nowak',
  mail: `${firstName.toLowerCase()}@example.test`,
  phone: null,
  roles,
  selected,
  validSince: selected ? '2026-01-01' : null,
  validTo: null,
  activeNow: selected,
});

const patients = [person(5, 'Maria', ['ROLE_USER'], true), person(6, 'Piotr', ['ROLE_USER'])];
const doctor = person(8, 'Jan', ['ROLE_EDITOR']);

function renderDialog(subject: FormListItem = form) {
  const show = jest.fn(() => 'alert');
  const onClose = jest.fn();
  renderInRemote('mfe-forms-builder', <FormAccessDialog form={subject} onClose={onClose} />, {
    path: '/forms',
    person: aPerson('ROLE_OWNER'),
    shell: { alerts: { show, dismiss: jest.fn() } },
    api,
  });
  return { show, onClose };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: [...patients, doctor] });
  api.put.mockImplementation((_url: string, body: unknown) =>
    Promise.resolve({ data: [...patients, doctor], body }),
  );
});

describe('FormAccessDialog', () => {
  it('lists patients and doctors in their own sections, assigned ones ticked', async () => {
    renderDialog();
    const patientsSection = await screen.findByRole('region', { name: 'Pacjenci' });
    expect(within(patientsSection).getByRole('checkbox', { name: /Maria Nowak/ })).toBeChecked();
    expect(within(patientsSection).getByRole('checkbox', { name: /Piotr Nowak/ })).not.toBeChecked();
    const doctors = screen.getByRole('region', { name: 'Lekarze' });
    expect(within(doctors).getByRole('checkbox', { name: /Jan Nowak/ })).toBeInTheDocument();
  });

  it('saves a new assignment from today for the default duration, and only what changed', async () => {
    const { show, onClose } = renderDialog();
    const piotr = await screen.findByRole('checkbox', { name: /Piotr Nowak/ });
    const save = screen.getByRole('button', { name: 'Zapisz' });
    expect(save).toBeDisabled();
    await userEvent.click(piotr);
    const today = organizationToday();
    // The day in the product's dd/mm/rrrr box, whatever the browser's language.
    expect(screen.getByLabelText('Dostęp od, Piotr Nowak')).toHaveValue(today.split('-').reverse().join('/'));
    await userEvent.click(save);
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const [url, body] = api.put.mock.calls[0] as [
      string,
      { userId: number; validSince: string; validTo: string }[],
    ];
    expect(url).toBe('/api/forms/9/allowed_users');
    expect(body).toHaveLength(1);
    const [entry] = body;
    expect(entry).toMatchObject({ userId: 6, selected: true, validSince: today });
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 9);
    expect(entry?.validTo).toBe(end.toISOString().slice(0, 10));
    expect(show).toHaveBeenCalledWith({ text: 'Zapisano dostęp do formularza Ankieta bólu' });
    expect(onClose).toHaveBeenCalled();
  });

  it('filters people by name', async () => {
    renderDialog();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Szukaj użytkownika' }), 'piot');
    expect(screen.getByRole('checkbox', { name: /Piotr Nowak/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Maria Nowak/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lekarze' })).not.toBeInTheDocument();
  });

  it('asks before adding someone to a form whose schedule has ended', async () => {
    const expired: FormListItem = {
      ...form,
      schedule: { one: true, multi: false, startDate: '2020-01-01', endDate: '2020-02-01', timePeriods: [] },
    };
    renderDialog(expired);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Piotr Nowak/ }));
    const question = await screen.findByRole('dialog', { name: 'Formularz przedawniony' });
    expect(
      within(question).getByText(
        'Ten formularz jest przedawniony, czy na pewno chcesz dodać do niego użytkownika?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Piotr Nowak/ })).toBeChecked());
  });

  it('keeps the dialog open and says why when the API refuses', async () => {
    api.put.mockRejectedValue(apiFailure(409, { message: 'Formularz został usunięty', code: 'x' }));
    const { show, onClose } = renderDialog();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Maria Nowak/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Formularz został usunięty', isError: true }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
