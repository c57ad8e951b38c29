import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DAYS_OF_WEEK,
  REMINDER_TOO_LONG_MESSAGE,
  SCHEDULE_INCOMPLETE_MESSAGE,
  type FormDetails,
  type FormPayload,
} from '@formularze/domain/schemas/forms';
import { Route, Routes } from 'shared-ui/routing';
import { aFakeApiClient, aPerson, apiFailure, renderInRemote } from 'shared-ui/testing';
import { FormsBuilderRoutes } from '../../../FormsBuilderRoutes';
import { LazyFormSchedulePage } from '..';

const api = aFakeApiClient();

const weekOf = (startTime: string, endTime: string) =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, allowEditMinutesAfterSave: 0 }));

function aForm(overrides: Partial<FormDetails> = {}): FormDetails {
  return {
    id: 2,
    name: 'Ankieta bólu',
    description: 'Codzienna ocena',
    status: 'DRAFT',
    edition: 1,
    formGroup: { id: 4, name: 'Kardiologia' },
    bag: { id: 2 },
    numberOfUsers: 0,
    numberOfUsersActiveNow: 0,
    filledFormCount: 0,
    defaultAssignmentDuration: 14,
    layoutId: 2,
    allowDrafting: true,
    schedule: {
      one: true,
      multi: false,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      timePeriods: weekOf('08:00', '10:00'),
      selectedDays: ['EVERYDAY'],
    },
    layoutElementObject: {
      type: 'FORM',
      children: [{ type: 'ROW', children: [{ id: 'a', type: 'TEXT', label: 'Ból', size: 100, maxRows: 1 }] }],
    },
    formRules: [{ operator: 'GREATER_THAN', arg1: 5, color: '#ff0000', text: 'Silny ból' }],
    welcomeFarewellMessages: true,
    welcomeSmsMessage: 'Witaj',
    welcomeEmailMessage: null,
    farewellSmsMessage: null,
    farewellEmailMessage: 'Dziękujemy',
    fillReminders: [{ notification: 1, timeBeforeEnd: 30 }],
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  } as FormDetails;
}

const schedulePage = (
  <Routes>
    <Route path="/forms/schedule/:id" element={<LazyFormSchedulePage />} />
  </Routes>
);

function renderPage({ form = aForm(), authorities = 'ROLE_OWNER' } = {}) {
  api.get.mockResolvedValue({ data: form });
  const show = jest.fn(() => 'alert');
  const setTitle = jest.fn();
  const view = renderInRemote('mfe-forms-builder', schedulePage, {
    path: `/forms/schedule/${form.id}`,
    person: aPerson(authorities),
    shell: { alerts: { show, dismiss: jest.fn() }, page: { setTitle } },
    api,
  });
  return { ...view, show, setTitle };
}

const saveButton = () => screen.getByRole('button', { name: 'Zapisz' });
const sentPayload = () => (api.put.mock.calls.at(-1) as [string, FormPayload])[1];

beforeEach(() => {
  jest.clearAllMocks();
  api.put.mockResolvedValue({ data: { id: 2, edition: 1, bag: { id: 2 } } });
});

describe('FormSchedulePage', () => {
  it("loads the form's schedule, seven equal days shown as every day, and titles the page", async () => {
    const { setTitle } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Harmonogram: Ankieta bólu' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/forms/2');
    expect(setTitle).toHaveBeenCalledWith('Harmonogram Ankieta bólu');
    expect(screen.getByRole('radio', { name: /^Jednokrotnie/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Data początkowa/ })).toHaveValue('01/03/2026');
    expect(screen.getByRole('checkbox', { name: 'Codziennie' })).toBeChecked();
    const period = within(screen.getByRole('group', { name: 'Codziennie' })).getByRole('group', {
      name: 'Okres 1',
    });
    expect(within(period).getByLabelText(/Początek/)).toHaveValue('08:00');
  });

  it('saves with PUT and the full payload, the schedule expanded to the seven days', async () => {
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /^Wielokrotnie/ }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0]![0]).toBe('/api/forms/2');
    const form = aForm();
    expect(sentPayload()).toEqual({
      name: form.name,
      description: form.description,
      layoutElementObject: form.layoutElementObject,
      formRules: form.formRules,
      welcomeFarewellMessages: true,
      welcomeSmsMessage: 'Witaj',
      welcomeEmailMessage: null,
      farewellSmsMessage: null,
      farewellEmailMessage: 'Dziękujemy',
      allowDrafting: true,
      fillReminders: [{ notification: 1, timeBeforeEnd: 30 }],
      defaultAssignmentDuration: 14,
      schedule: {
        one: false,
        multi: true,
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        selectedDays: ['EVERYDAY'],
        timePeriods: weekOf('08:00', '10:00'),
      },
    });
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Zaktualizowano formularz' }));
  });

  it('sends no schedule when the form is to be filled at any time', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /^Bez harmonogramu/ }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(sentPayload().schedule).toBeNull();
  });

  it("keeps an incomplete schedule from being saved and says 'Uzupełnij harmonogram'", async () => {
    renderPage({ form: aForm({ schedule: null }) });
    await userEvent.click(await screen.findByRole('radio', { name: /^Jednokrotnie/ }));
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(saveButton());
    expect(await screen.findByText(SCHEDULE_INCOMPLETE_MESSAGE)).toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(api.put).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /Data początkowa/ }), '01/04/2026');
    await userEvent.type(screen.getByRole('textbox', { name: /Data końcowa/ }), '30/04/2026');
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(sentPayload().schedule).toMatchObject({
      one: true,
      startDate: '2026-04-01',
      endDate: '2026-04-30',
    });
  });

  it('keeps a schedule with a wrong period from being saved', async () => {
    renderPage();
    const period = within(await screen.findByRole('group', { name: 'Codziennie' })).getByRole('group', {
      name: 'Okres 1',
    });
    fireEvent.change(within(period).getByLabelText(/Początek/), { target: { value: '08:03' } });
    expect(saveButton()).toBeDisabled();
  });

  it('does not send a schedule whose window is shorter than a reminder', async () => {
    const { show } = renderPage({
      form: aForm({ fillReminders: [{ notification: 1, timeBeforeEnd: 180 }] }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /^Wielokrotnie/ }));
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(REMINDER_TOO_LONG_MESSAGE);
    expect(api.put).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it("shows the API's refusal and stays on the page", async () => {
    api.put.mockRejectedValue(
      apiFailure(409, {
        message: 'Aktywnego formularza nie można edytować, usuwać ani przenosić - najpierw go wstrzymaj',
        code: 'form-is-active',
      }),
    );
    const { show, shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    await userEvent.click(await screen.findByRole('radio', { name: /^Wielokrotnie/ }));
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Aktywnego formularza nie można edytować, usuwać ani przenosić - najpierw go wstrzymaj',
        isError: true,
      }),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /^Wielokrotnie/ })).toBeChecked();
  });

  it("names the fields' problems of a refused payload, and a general message for a server failure", async () => {
    api.put
      .mockRejectedValueOnce(
        apiFailure(400, {
          message: 'Nieprawidłowe dane (schedule.endDate: …)',
          code: 'validation',
          fields: { 'schedule.endDate': 'Data końcowa nie może być wcześniejsza niż data początkowa' },
        }),
      )
      .mockRejectedValueOnce(apiFailure(500, { message: 'Wystąpił nieoczekiwany błąd serwera' }));
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /^Wielokrotnie/ }));
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Data końcowa nie może być wcześniejsza niż data początkowa',
        isError: true,
      }),
    );
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Nie udało się zapisać harmonogramu. Spróbuj ponownie.',
        isError: true,
      }),
    );
  });

  it('moves to the new edition when the form had answers', async () => {
    api.put.mockResolvedValue({ data: { id: 9, edition: 2, bag: { id: 2 } } });
    const { shell } = renderPage({ form: aForm({ filledFormCount: 3 }) });
    const navigate = jest.spyOn(shell, 'navigate');
    await userEvent.click(await screen.findByRole('radio', { name: /^Wielokrotnie/ }));
    await userEvent.click(saveButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms/schedule/9', { replace: true }));
  });

  it('shows an active form read-only, saying why', async () => {
    renderPage({ form: aForm({ status: 'ACTIVE' }) });
    expect(await screen.findByText('Formularz jest aktywny')).toBeInTheDocument();
    expect(screen.getByText(/Wstrzymaj formularz na liście formularzy/)).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).toBeDisabled();
    expect(saveButton()).toBeDisabled();
  });

  it('shows the schedule read-only to an editor whose organization does not let editors manage forms', async () => {
    renderPage({ authorities: 'ROLE_EDITOR' });
    expect(await screen.findByText('Nie masz uprawnień do zmiany tego formularza.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('goes back to the form list', async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate').mockImplementation(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Powrót' }));
    expect(navigate).toHaveBeenCalledWith('/forms');
  });

  it('says when the form does not exist', async () => {
    api.get.mockRejectedValue(
      apiFailure(404, { message: 'Nie znaleziono formularza', code: 'form-not-found' }),
    );
    renderInRemote('mfe-forms-builder', schedulePage, {
      path: '/forms/schedule/77',
      person: aPerson('ROLE_OWNER'),
      api,
    });
    expect(await screen.findByText('Nie znaleziono formularza', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is the screen of /forms/schedule/{id} in the area', async () => {
    api.get.mockResolvedValue({ data: aForm() });
    renderInRemote('mfe-forms-builder', <FormsBuilderRoutes />, {
      path: '/forms/schedule/2',
      person: aPerson('ROLE_OWNER'),
      api,
    });
    expect(await screen.findByRole('heading', { name: 'Harmonogram: Ankieta bólu' })).toBeInTheDocument();
  });
});
