import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clearDeviceAnswers,
  DEVICE_ANSWERS_DB,
  loadDeviceAnswers,
  saveDeviceAnswers,
  type DeviceFillKey,
} from 'shared-ui/device-answers';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { RESTORED_ANSWERS_MESSAGE } from '../device-copy';
import {
  aFilledForm,
  arrival,
  aTemplate,
  NAME_FIELD,
  PATIENT,
  renderFillPage,
  savedPayload,
  serve,
} from './render-fill-page';

const symptoms: TemplateField = { id: 'symptoms', type: 'TEXT', label: 'Objawy', size: 200, maxRows: 3 };
const template = aTemplate([[NAME_FIELD], [symptoms]]);

/** Anna (id 7) filling form 5 anew, and editing her draft 42. */
const newFill: DeviceFillKey = { personId: 7, formId: 5, scheduledFormId: null, formDataId: null };
const draftFill: DeviceFillKey = { ...newFill, formDataId: 42 };
const now = new Date('2026-06-10T10:00:00.000Z');

beforeEach(async () => {
  jest.clearAllMocks();
  await clearDeviceAnswers();
  serve({ template });
  // The page's clock reads `now` (copies older than two weeks are not restored); it runs on by itself.
  jest.useFakeTimers({ now, advanceTimers: true, doNotFake: ['setImmediate'] });
});

afterEach(() => jest.useRealTimers());

/** A clock that moves only when told, for the writer's pause; fake-indexeddb's scheduling stays real. */
function typingClock() {
  jest.useFakeTimers({ now, doNotFake: ['setImmediate'] });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

describe('the copy of the answers on this device', () => {
  it('is written once typing pauses, and brings the answers back, with a note, when the page opens again', async () => {
    const user = typingClock();
    const first = renderFillPage('/formdata/add/5');
    await user.type(await screen.findByLabelText('Imię'), 'Anna');
    await user.type(screen.getByLabelText('Objawy'), 'ból głowy');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await expect(loadDeviceAnswers(newFill)).resolves.toBeNull();

    await act(async () => jest.advanceTimersByTime(400));
    await waitFor(async () => expect(await loadDeviceAnswers(newFill)).not.toBeNull());
    first.unmount();

    renderFillPage('/formdata/add/5');
    expect(await screen.findByLabelText('Imię')).toHaveValue('Anna');
    expect(screen.getByLabelText('Objawy')).toHaveValue('ból głowy');
    expect(screen.getByRole('status')).toHaveTextContent(RESTORED_ANSWERS_MESSAGE);
  });

  it('is not shown to another account on this browser', async () => {
    await saveDeviceAnswers(newFill, { values: { f0: 'Anna' }, typedAt: now.getTime() });
    renderFillPage('/formdata/add/5', PATIENT, 8);
    expect(await screen.findByLabelText('Imię')).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is restored over an older server draft without asking', async () => {
    serve({
      template,
      filled: aFilledForm({ data: { name: 'Anna' }, updatedAt: '2026-06-10T08:00:00.000Z' }),
    });
    await saveDeviceAnswers(draftFill, { values: { f0: 'Anna', f1: 'kaszel' }, typedAt: now.getTime() });
    renderFillPage('/formdata/edit/5/42');
    expect(await screen.findByLabelText('Objawy')).toHaveValue('kaszel');
    expect(screen.getByRole('status')).toHaveTextContent(RESTORED_ANSWERS_MESSAGE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  describe('when the server holds a newer draft', () => {
    const newerDraft = aFilledForm({
      data: { name: 'Anna', symptoms: 'gorączka' },
      updatedAt: '2026-06-10T11:30:00.000Z',
    });

    beforeEach(async () => {
      serve({ template, filled: newerDraft });
      await saveDeviceAnswers(draftFill, { values: { f0: 'Anna', f1: 'kaszel' }, typedAt: now.getTime() });
    });

    it('shows both times and asks which to use', async () => {
      renderFillPage('/formdata/edit/5/42');
      const dialog = await screen.findByRole('alertdialog', { name: 'Które odpowiedzi wczytać?' });
      // Poland's time: UTC+2 in June.
      expect(dialog).toHaveTextContent(
        'Na tym urządzeniu są odpowiedzi z 2026-06-10 12:00, a na serwerze zapisano nowszą wersję z 2026-06-10 13:30. Której użyć?',
      );
      expect(screen.getByLabelText('Objawy')).toHaveValue('gorączka');
    });

    it('stays open on Escape: only the patient picks', async () => {
      renderFillPage('/formdata/edit/5/42');
      await screen.findByRole('alertdialog', { name: 'Które odpowiedzi wczytać?' });
      await userEvent.keyboard('{Escape}');
      expect(screen.getByRole('alertdialog', { name: 'Które odpowiedzi wczytać?' })).toBeInTheDocument();
    });

    it('keeps the server version and forgets the copy when the patient chooses it', async () => {
      renderFillPage('/formdata/edit/5/42');
      await userEvent.click(await screen.findByRole('button', { name: 'Użyj wersji z serwera' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Objawy')).toHaveValue('gorączka');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await waitFor(async () => expect(await loadDeviceAnswers(draftFill)).toBeNull());
    });

    it('puts the answers of this device in the form when the patient chooses them', async () => {
      renderFillPage('/formdata/edit/5/42');
      await userEvent.click(await screen.findByRole('button', { name: 'Użyj odpowiedzi z tego urządzenia' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Objawy')).toHaveValue('kaszel');
      expect(screen.getByRole('status')).toHaveTextContent(RESTORED_ANSWERS_MESSAGE);
      await userEvent.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
      await arrival();
      expect(savedPayload()?.body).toMatchObject({ data: { name: 'Anna', symptoms: 'kaszel' } });
    });
  });

  it('is removed once the answers are saved, and is not written again as the page closes', async () => {
    const user = typingClock();
    renderFillPage('/formdata/add/5');
    await user.type(await screen.findByLabelText('Imię'), 'Anna');
    await act(async () => jest.advanceTimersByTime(400));
    await waitFor(async () => expect(await loadDeviceAnswers(newFill)).not.toBeNull());

    await user.type(screen.getByLabelText('Objawy'), 'kaszel');
    await user.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
    await arrival();
    await act(async () => jest.advanceTimersByTime(1000));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(await loadDeviceAnswers(newFill)).toBeNull());
  });

  it('never keeps the form from opening when the storage does not answer', async () => {
    await saveDeviceAnswers(newFill, { values: { f0: 'Anna' }, typedAt: now.getTime() });
    // A page that holds the database and does not let go, while a logout's deletion waits behind it:
    // every other opening of the database waits too.
    const holder = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(DEVICE_ANSWERS_DB);
      request.onsuccess = () => resolve(request.result);
    });
    const deletion = clearDeviceAnswers();
    // The page's own connection lets go when asked, then cannot open the database again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      renderFillPage('/formdata/add/5');
      expect(await screen.findByLabelText('Imię', {}, { timeout: 3000 })).toHaveValue('');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      holder.close();
      await deletion;
    }
  });
});
