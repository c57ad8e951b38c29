import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { createTokenCipher } from '../core/token-cipher';
import { openedBody, openingSealedBodies, sealed } from './sealed-bodies';
import type { MessageTransport } from './transports';

const cipher = createTokenCipher(randomBytes(32));
const reset = {
  recipient: 'pacjent@org.test',
  channel: 'mail' as const,
  subject: 'Zmiana hasła w serwisie Formularze',
  body: 'Link: https://formularze.test/password-reset-link?token=abc&role=user',
};

test('a sealed message keeps its recipient and subject, hides its body, and opens to it', () => {
  const stored = sealed(cipher, reset);
  assert.deepEqual({ ...stored, body: undefined }, { ...reset, body: undefined, sealed: true });
  assert.ok(!stored.body.includes('token=abc'));
  assert.equal(openedBody(cipher, stored), reset.body);
  // Another server's key cannot open it: it fails rather than sending garbage.
  assert.throws(() => openedBody(createTokenCipher(randomBytes(32)), stored));
});

test('the worker’s transport gets sealed bodies opened and other bodies as they are', async () => {
  const sent: string[] = [];
  const transport: MessageTransport = {
    async send(message) {
      sent.push(message.body);
      return 'sent';
    },
  };
  const opening = openingSealedBodies(transport, cipher);
  const reminder = { ...reset, subject: 'Przypomnienie', body: 'Proszę wypełnić ankietę.' };
  // An owner's text may look like anything, even like a sealed body: only the flag seals.
  const lookalike = { ...reset, body: sealed(cipher, reset).body };
  await opening.send({ id: 1, ...sealed(cipher, reset) });
  await opening.send({ id: 2, ...reminder });
  await opening.send({ id: 3, ...lookalike });
  assert.deepEqual(sent, [reset.body, reminder.body, lookalike.body]);
});
