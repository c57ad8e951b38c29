import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearDeviceAnswers } from 'shared-ui/device-answers';
import {
  ANSWER_REQUIRED_MESSAGE,
  CANNOT_FILL_MESSAGE,
  DRAFT_DELETED_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  SCHEDULED_FORM_EXPIRED_MESSAGE,
} from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { DETAILS_VIEW_WINDOW_MS } from '../../../shared/filled-data/view-window';
import { clearSendQueue, queuedSubmissions } from 'shared-ui/send-queue';
import { UNANSWERED_TEXT } from '../components/FieldFrame';
import { QUEUED_MESSAGE } from '../../../shared/filled-data/queued-arrival';
import {
  aFilledForm,
  api,
  apiFailure,
  aSlot,
  arrival,
  aTemplate,
  NAME_FIELD,
  EDITOR,
  renderFillPage,
  savedPayload,
  serve,
} from './render-fill-page';
import { aMoodField } from './template-fields';

const pain: TemplateField = {
  id: 'pain.level',
  type: 'NUMBER',
  label: 'Ból',
  numberType: 'INTEGER',
  minValue: 0,
  maxValue: 10,
  noteEnabled: true,
};
const mood = aMoodField('12');
const template = aTemplate([[NAME_FIELD, pain], [mood]]);

const button = (label: string) => screen.getByRole('button', { name: label });

// Each test starts on a device that keeps no answers of an earlier one (ADR 600).
beforeEach(async () => {
  jest.clearAllMocks();
  await clearDeviceAnswers();
  serve({ template });
});

afterEach(() => jest.useRealTimers());

describe('filling a form', () => {
  it('asks for the form once, as the route opens, and types into a field without losing its label', async () => {
    renderFillPage('/formdata/add/5');

    const input = await screen.findByLabelText('Imię');
    expect(api.get.mock.calls.filter(([url]) => url === '/api/form_template/5')).toHaveLength(1);
    await userEvent.type(input, 'Anna');
    expect(input).toHaveValue('Anna');
    expect(screen.getByText('Pozostało znaków: 46')).toBeInTheDocument();
  });

  it('keeps each field in a form of its own, and Enter in a field sends nothing', async () => {
    renderFillPage('/formdata/add/5');
    const nameInput = (await screen.findByLabelText('Imię')) as HTMLInputElement;
    const painInput = screen.getByLabelText('Ból') as HTMLInputElement;
    const moodOptions = screen.getAllByRole('radio') as HTMLInputElement[];

    // The browser re-reads a whole form after each change: a field's form holds its controls only.
    expect(nameInput.form).not.toBeNull();
    expect(nameInput.form).not.toBe(painInput.form);
    expect(nameInput.form!.elements).toHaveLength(1);
    expect(new Set(moodOptions.map((option) => option.form))).toEqual(new Set([moodOptions[0]!.form]));
    expect(moodOptions[0]!.form).not.toBe(nameInput.form);
    expect(screen.getByRole('form', { name: 'Ankieta bólu' })).toContainElement(nameInput);

    await userEvent.type(nameInput, 'Anna{Enter}');
    expect(api.post).not.toHaveBeenCalled();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('shows the form, sends the answers and takes a patient to the time-limited details', async () => {
    renderFillPage('/formdata/add/5');
    expect(await screen.findByRole('heading', { name: 'Ankieta bólu' })).toBeInTheDocument();
    expect(screen.getByText('Proszę wypełnić rano')).toBeInTheDocument();
    expect(screen.getAllByText('* Pole wymagane')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Imię'), 'Anna');
    await userEvent.type(screen.getByLabelText('Ból'), '0');
    await userEvent.click(screen.getByRole('radio', { name: 'zły' }));
    const before = Date.now();
    await userEvent.click(button('Zapisz i wyślij'));

    const { path, state } = await arrival();
    expect(state).toEqual({ saved: 'sent' });
    const order = [...api.post.mock.calls].map(([url]) => url);
    expect(order).toEqual(['/api/form_metadata/', '/api/form_data/']);
    expect(api.post.mock.calls[0]![1]).toEqual({ form: { id: 5 } });
    expect(savedPayload()).toEqual({
      url: '/api/form_data/',
      draft: 'false',
      body: {
        formId: 5,
        scheduledFormId: null,
        formMetadataId: 77,
        data: { name: 'Anna', 'pain.level': '0', '12': 'zły' },
        arrayData: {},
        noteData: {},
        fieldAlternativeAnswer: {},
        filesDataUUID: {},
      },
    });
    const [, , , id, until] = path.split('/');
    expect(id).toBe('42');
    expect(Number(until)).toBeGreaterThanOrEqual(before + DETAILS_VIEW_WINDOW_MS);
    expect(Number(until)).toBeLessThanOrEqual(Date.now() + DETAILS_VIEW_WINDOW_MS);
  });

  it('a submission with blank required fields names them, focuses the first and sends nothing', async () => {
    const { show } = renderFillPage('/formdata/add/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz i wyślij' }));

    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ text: FILL_ALL_REQUIRED_MESSAGE, isError: true }),
    );
    expect(screen.getAllByText(ANSWER_REQUIRED_MESSAGE)).toHaveLength(2);
    const nameInput = screen.getByLabelText('Imię');
    expect(nameInput).toHaveFocus();
    expect(nameInput).toHaveAccessibleDescription(expect.stringContaining(ANSWER_REQUIRED_MESSAGE));
    expect(screen.getByRole('radiogroup', { name: 'Nastrój' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.post).not.toHaveBeenCalled();

    // Answering clears the field's message.
    await userEvent.type(nameInput, 'A');
    await userEvent.tab();
    expect(screen.getAllByText(ANSWER_REQUIRED_MESSAGE)).toHaveLength(1);
  });

  it('a draft skips the required fields; staff go to the details page', async () => {
    renderFillPage('/formdata/add/5', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await arrival('/formdata/42')).toEqual({ path: '/formdata/42', state: { saved: 'draft' } });
    expect(savedPayload()?.draft).toBe('true');
  });

  it('offers no draft when the form does not allow it', async () => {
    serve({ template: aTemplate([[NAME_FIELD]], { allowDrafting: false }) });
    renderFillPage('/formdata/add/5');
    await screen.findByRole('button', { name: 'Zapisz i wyślij' });
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usuń' })).not.toBeInTheDocument();
  });

  it('a number out of range disables both saves until it is corrected', async () => {
    renderFillPage('/formdata/add/5');
    const painInput = await screen.findByLabelText('Ból');
    await userEvent.type(painInput, '11');
    await userEvent.tab();
    expect(await screen.findByText('Nieprawidłowa wartość')).toBeInTheDocument();
    expect(painInput).toHaveAttribute('aria-invalid', 'true');
    expect(button('Zapisz i wyślij')).toBeDisabled();
    expect(button('Zapisz')).toBeDisabled();

    await userEvent.type(painInput, '{Backspace}');
    await waitFor(() => expect(button('Zapisz i wyślij')).toBeEnabled());
    expect(screen.queryByText('Nieprawidłowa wartość')).not.toBeInTheDocument();
  });

  it('notes: added, removed, and sent only with text', async () => {
    renderFillPage('/formdata/add/5', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: /^Dodaj uwagę/ }));
    await userEvent.type(screen.getByLabelText('Uwaga: Ból'), 'po leku');
    await userEvent.click(screen.getByRole('button', { name: /^Usuń uwagę/ }));
    expect(screen.queryByLabelText('Uwaga: Ból')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Dodaj uwagę/ }));
    await userEvent.type(screen.getByLabelText('Uwaga: Ból'), 'rano');
    await userEvent.click(button('Zapisz'));
    await arrival();
    expect(savedPayload()?.body.noteData).toEqual({ 'pain.level': 'rano' });
  });

  it('notes by keyboard: the opened box takes focus, and dropping it returns focus to its button', async () => {
    renderFillPage('/formdata/add/5', EDITOR);
    (await screen.findByRole('button', { name: /^Dodaj uwagę: Ból/ })).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Uwaga: Ból')).toHaveFocus();
    await userEvent.keyboard('po leku');
    expect(screen.getByLabelText('Uwaga: Ból')).toHaveValue('po leku');

    await userEvent.tab();
    expect(screen.getByRole('button', { name: /^Usuń uwagę: Ból/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /^Dodaj uwagę: Ból/ })).toHaveFocus();
  });

  it('cancel: a patient goes to the active forms, staff to the form list', async () => {
    const patient = renderFillPage('/formdata/add/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    expect(patient.navigate).toHaveBeenCalledWith('/forms/active');
    patient.unmount();

    const editor = renderFillPage('/formdata/add/5', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    expect(editor.navigate).toHaveBeenCalledWith('/forms');
  });

  it('a form that does not load cannot be filled; the button leads to the active forms', async () => {
    api.get.mockRejectedValue(apiFailure(404, 'Nie znaleziono formularza'));
    const { navigate } = renderFillPage('/formdata/add/5');
    expect(await screen.findByRole('heading', { name: CANNOT_FILL_MESSAGE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Przejdź do aktywnych formularzy' }));
    expect(navigate).toHaveBeenCalledWith('/forms/active');
  });
});

describe('a form that is not active', () => {
  const paused = aTemplate([[{ id: 'name', type: 'TEXT', label: 'Imię', size: 20, maxRows: 1 }]], {
    status: 'PAUSED',
  });

  it('says up front that a paused form cannot be filled, with its status, and offers no saving', async () => {
    serve({ template: paused });
    renderFillPage('/formdata/add/5');
    expect(await screen.findByRole('heading', { name: CANNOT_FILL_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText('Status formularza: Wstrzymany.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz i wyślij' })).not.toBeInTheDocument();
  });

  it('does not continue a draft of a paused form, but still opens submitted answers to correct', async () => {
    serve({ template: paused, filled: aFilledForm({ state: 'SAVED' }) });
    const draft = renderFillPage('/formdata/edit/5/42');
    expect(await screen.findByRole('heading', { name: CANNOT_FILL_MESSAGE })).toBeInTheDocument();
    draft.unmount();

    serve({
      template: paused,
      filled: aFilledForm({ state: 'COMPLETED', editableUntil: '2099-01-01T00:00:00.000Z' }),
    });
    renderFillPage('/formdata/edit/5/42');
    expect(await screen.findByRole('button', { name: 'Zapisz i wyślij' })).toBeInTheDocument();
  });
});

describe('saving errors (§8)', () => {
  it('shows the refused answers at their fields', async () => {
    api.post.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/form_metadata')) return { data: { id: 77, form: { id: 5 }, createdAt: '' } };
      throw apiFailure(400, 'Nieprawidłowe odpowiedzi w formularzu', {
        code: 'validation',
        fields: { 'data.pain.level': 'Nieprawidłowa wartość' },
      });
    });
    const { show, navigate } = renderFillPage('/formdata/add/5', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nieprawidłowa wartość')).toBeInTheDocument();
    expect(screen.getByLabelText('Ból')).toHaveFocus();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Nieprawidłowe odpowiedzi w formularzu', isError: true }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an expired window: the message for 7 s and back to the active forms', async () => {
    api.post.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/form_metadata')) return { data: { id: 77, form: { id: 5 }, createdAt: '' } };
      throw apiFailure(409, SCHEDULED_FORM_EXPIRED_MESSAGE, { code: 'scheduled-form-is-expired' });
    });
    const { show, navigate } = renderFillPage('/formdata/add/5', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms/active'));
    expect(show).toHaveBeenCalledWith({
      text: SCHEDULED_FORM_EXPIRED_MESSAGE,
      isError: true,
      timeoutMs: 7000,
    });
  });
});

/** The Idempotency-Key header of each form data save, in order. */
const sentKeys = () =>
  api.post.mock.calls
    .filter(([url]) => url === '/api/form_data/')
    .map(([, , config]) => (config as { headers: Record<string, string> }).headers['idempotency-key']);

/** Answers the required fields and submits. */
async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText('Imię'), 'Anna');
  await userEvent.click(screen.getByRole('radio', { name: 'zły' }));
  await userEvent.click(button('Zapisz i wyślij'));
}

describe('one save stored once', () => {
  it('a retry after a lost answer sends the same key; a new save sends a new one', async () => {
    const answered = api.post.getMockImplementation()!;
    api.post.mockImplementationOnce(answered).mockRejectedValueOnce(new Error('Network Error'));
    const first = renderFillPage('/formdata/add/5');
    // A draft is not queued (issue 30): the page says the save failed, the patient tries again.
    await userEvent.type(await screen.findByLabelText('Imię'), 'Anna');
    await userEvent.click(button('Zapisz'));
    await waitFor(() =>
      expect(first.show).toHaveBeenCalledWith(
        expect.objectContaining({ text: 'Nie udało się zapisać formularza' }),
      ),
    );
    await userEvent.click(button('Zapisz'));
    await arrival();
    first.unmount();

    renderFillPage('/formdata/add/5');
    await fillAndSubmit();
    await waitFor(() => expect(sentKeys()).toHaveLength(3));
    const [sent, retried, next] = sentKeys();
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retried).toBe(sent);
    expect(next).not.toBe(sent);
  });
});

describe('sending with no connection (issue 30)', () => {
  afterEach(async () => {
    await clearSendQueue();
    jest.restoreAllMocks();
  });

  it('offline, a valid submission is queued without a request, and the patient is told', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderFillPage('/formdata/add/5');
    await fillAndSubmit();
    expect(await screen.findByRole('status')).toHaveTextContent(QUEUED_MESSAGE);
    await arrival('/forms/queued');
    expect(api.post).not.toHaveBeenCalled();
    const [queued] = await queuedSubmissions(7);
    expect(queued).toMatchObject({
      formId: 5,
      formName: 'Ankieta bólu',
      formDataId: null,
      formMetadataId: null,
      state: 'waiting',
      answers: { formId: 5, data: { name: 'Anna' } },
      texts: expect.arrayContaining([{ label: 'Imię', answer: 'Anna' }]),
    });
  });

  it('offline, what fails the check is marked as usual and nothing is queued', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const page = renderFillPage('/formdata/add/5');
    await screen.findByLabelText('Imię');
    await userEvent.click(button('Zapisz i wyślij'));
    await waitFor(() =>
      expect(page.show).toHaveBeenCalledWith(expect.objectContaining({ text: FILL_ALL_REQUIRED_MESSAGE })),
    );
    expect(await queuedSubmissions(7)).toEqual([]);
  });

  it('a submission whose answer was lost is queued with the key it was sent with', async () => {
    const answered = api.post.getMockImplementation()!;
    api.post
      .mockImplementationOnce(answered)
      .mockRejectedValueOnce(Object.assign(new Error('Network Error'), { isAxiosError: true }));
    renderFillPage('/formdata/add/5');
    await fillAndSubmit();
    await screen.findByText(QUEUED_MESSAGE);
    const [sent] = sentKeys();
    expect(await queuedSubmissions(7)).toMatchObject([{ idempotencyKey: sent, formMetadataId: 77 }]);
  });
});

describe('scheduled forms and the countdown', () => {
  it('counts down to the end of the window, then shows --- and disables saving', async () => {
    jest.useFakeTimers({ now: new Date('2026-06-10T10:59:58Z') });
    serve({ template, slot: aSlot() });
    renderFillPage('/formdata/fill-scheduled-test/5/9');
    expect((await screen.findByRole('timer')).textContent).toMatch(/^00:00:0[12]$/);
    expect(button('Zapisz i wyślij')).toBeEnabled();

    await act(async () => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('timer')).toHaveTextContent('---');
    expect(button('Zapisz i wyślij')).toBeDisabled();
    expect(button('Zapisz')).toBeDisabled();
  });

  it('saves into the window', async () => {
    jest.useFakeTimers({ now: new Date('2026-06-10T10:00:00Z'), advanceTimers: true });
    serve({ template: aTemplate([[pain]]), slot: aSlot() });
    renderFillPage('/formdata/fill-scheduled-test/5/9', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz i wyślij' }));
    await arrival('/formdata/42');
    expect(savedPayload()?.body.scheduledFormId).toBe(9);
  });

  it('someone else’s window sends the person home', async () => {
    serve({ template, slot: apiFailure(404, 'Nie znaleziono', { code: 'scheduled-form-not-found' }) });
    const { navigate } = renderFillPage('/formdata/fill-scheduled-test/5/9');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
  });

  it('a window already over sends the person to the active forms', async () => {
    jest.useFakeTimers({ now: new Date('2026-06-10T12:00:00Z'), advanceTimers: true });
    serve({ template, slot: aSlot() });
    const { navigate, show } = renderFillPage('/formdata/fill-scheduled-test/5/9');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms/active', { replace: true }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ text: SCHEDULED_FORM_EXPIRED_MESSAGE }));
  });

  it('a failed load of the window cannot be filled', async () => {
    serve({ template, slot: apiFailure(500, 'Błąd') });
    renderFillPage('/formdata/fill-scheduled-test/5/9');
    expect(await screen.findByRole('heading', { name: CANNOT_FILL_MESSAGE })).toBeInTheDocument();
  });
});

describe('editing', () => {
  it('a draft starts with its answers and is updated in place', async () => {
    serve({ template, filled: aFilledForm({ data: { name: 'Anna', 'pain.level': 3, '12': 'dobry' } }) });
    renderFillPage('/formdata/edit/5/42', EDITOR);
    expect(await screen.findByLabelText('Imię')).toHaveValue('Anna');
    expect(screen.getByLabelText('Ból')).toHaveValue('3');
    expect(screen.getByRole('radio', { name: 'dobry' })).toBeChecked();

    await userEvent.click(button('Zapisz i wyślij'));
    await arrival('/formdata/42');
    expect(savedPayload()).toMatchObject({ url: '/api/form_data/42', draft: 'false' });
  });

  it('a draft can be deleted after confirming', async () => {
    serve({ template, filled: aFilledForm() });
    const { navigate, show } = renderFillPage('/formdata/edit/5/42', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/form_data/42'));
    expect(show).toHaveBeenCalledWith({ text: DRAFT_DELETED_MESSAGE });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('a failed delete says so and stays', async () => {
    serve({ template, filled: aFilledForm() });
    api.delete.mockRejectedValue(apiFailure(409, 'x', { code: 'data-not-deletable' }));
    const { navigate, show } = renderFillPage('/formdata/edit/5/42', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie można usunąć danych formularza', isError: true }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a submitted form offers no draft and no delete', async () => {
    serve({
      template,
      filled: aFilledForm({ state: 'COMPLETED', editableUntil: '2099-01-01T00:00:00.000Z' }),
    });
    renderFillPage('/formdata/edit/5/42');
    await screen.findByRole('button', { name: 'Zapisz i wyślij' });
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usuń' })).not.toBeInTheDocument();
  });

  it('someone else’s answers are shown disabled, blanks marked as not filled by the patient', async () => {
    serve({
      template,
      filled: aFilledForm({ filledBy: { ...aFilledForm().filledBy, id: 99 }, data: { name: 'Bartek' } }),
    });
    renderFillPage('/formdata/edit/5/42', EDITOR);
    expect(await screen.findByLabelText('Imię')).toBeDisabled();
    expect(screen.getAllByText(UNANSWERED_TEXT)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Zapisz i wyślij' })).not.toBeInTheDocument();
  });

  it('an alternative text counts as an answer for someone viewing the answers', async () => {
    const moodWithAlternative: TemplateField = { ...mood, allowAlternativeAnswer: true };
    serve({
      template: aTemplate([[NAME_FIELD], [moodWithAlternative]]),
      filled: aFilledForm({
        filledBy: { ...aFilledForm().filledBy, id: 99 },
        data: { name: 'Bartek' },
        fieldAlternativeAnswer: { '12': 'raczej spokojny' },
      }),
    });
    renderFillPage('/formdata/edit/5/42', EDITOR);
    expect(await screen.findByLabelText('Inna odpowiedź')).toHaveValue('raczej spokojny');
    expect(screen.queryByText(UNANSWERED_TEXT)).not.toBeInTheDocument();
  });

  it('an update answered 500 "HTTP 404 Not Found" still goes to the details', async () => {
    serve({ template, filled: aFilledForm({ data: { name: 'Anna', '12': 'dobry' } }) });
    api.put.mockRejectedValue(apiFailure(500, 'HTTP 404 Not Found'));
    renderFillPage('/formdata/edit/5/42', EDITOR);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz i wyślij' }));
    await arrival('/formdata/42');
  });
});
