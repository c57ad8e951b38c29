import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clearSendQueue,
  queuedSubmissions,
  queueSubmission,
  updateQueuedSubmission,
} from 'shared-ui/send-queue';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { FillingRoutes } from '../../../FillingRoutes';

// jsdom has no structuredClone, which IndexedDB (fake-indexeddb) needs; these entries hold no Blob.
globalThis.structuredClone ??= (value) => deserialize(serialize(value));

const REFUSAL =
  'Formularz nie przyjmuje już odpowiedzi: został wstrzymany albo nie masz już do niego dostępu.';

const queueFor = (accountId: number, idempotencyKey: string, formName: string) =>
  queueSubmission({
    idempotencyKey,
    accountId,
    formId: 5,
    formName,
    formDataId: null,
    formMetadataId: null,
    answers: { formId: 5, scheduledFormId: null, data: { imie: 'Maria' } },
    files: {},
    texts: [
      { label: 'Imię', answer: 'Maria' },
      { label: 'Objawy', answer: 'Kaszel' },
    ],
  });

function renderQueue() {
  const show = jest.fn(() => 'alert');
  renderInRemote('mfe-filling', <FillingRoutes />, {
    path: '/forms/queued',
    person: aPerson('ROLE_USER', { id: 7 }),
    shell: { alerts: { show, dismiss: jest.fn() } },
  });
  return { show };
}

afterEach(() => clearSendQueue());

it("lists the patient's own queued submissions with their state, and follows changes", async () => {
  await queueFor(7, 'k-1', 'Ankieta bólu');
  await queueFor(8, 'k-other', 'Cudza ankieta');
  renderQueue();
  const card = await screen.findByRole('article', { name: 'Ankieta bólu' });
  expect(card).toHaveTextContent('Oczekuje na wysłanie');
  expect(screen.queryByRole('article', { name: 'Cudza ankieta' })).toBeNull();
  // Nothing to discard while it may still be sent.
  expect(within(card).queryByRole('button', { name: 'Usuń z tego urządzenia' })).toBeNull();

  await updateQueuedSubmission('k-1', (entry) => ({ ...entry, state: 'refused', reason: REFUSAL }));
  await waitFor(() => expect(card).toHaveTextContent(REFUSAL));
  expect(card).toHaveTextContent('Nie przyjęto');
});

it('shows the answers of a refused submission, copies them, and discards it after confirming', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  await queueFor(7, 'k-1', 'Ankieta bólu');
  await updateQueuedSubmission('k-1', (entry) => ({ ...entry, state: 'refused', reason: REFUSAL }));
  const { show } = renderQueue();
  const card = await screen.findByRole('article', { name: 'Ankieta bólu' });

  await userEvent.click(within(card).getByText('Pokaż odpowiedzi'));
  expect(within(card).getByText('Objawy')).toBeVisible();
  expect(within(card).getByText('Kaszel')).toBeVisible();

  await userEvent.click(within(card).getByRole('button', { name: 'Kopiuj odpowiedzi' }));
  expect(writeText).toHaveBeenCalledWith('Ankieta bólu\nImię: Maria\nObjawy: Kaszel');
  await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Skopiowano odpowiedzi' }));

  await userEvent.click(within(card).getByRole('button', { name: 'Usuń z tego urządzenia' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Usuń' }));
  await screen.findByText('Wszystkie odpowiedzi zostały wysłane.');
  expect(await queuedSubmissions(7)).toEqual([]);
});
