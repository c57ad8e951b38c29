import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { outboxPage } from '@formularze/domain/schemas/admin';
import { buildApp } from '../app';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import { systemClock } from '../core/clock';
import { deliverDueMessages } from '../outbox/delivery';
import { openingSealedBodies } from '../outbox/sealed-bodies';
import { createTransport } from '../outbox/transports';
import {
  createOrganization,
  createUser,
  OPERATOR_TOKEN,
  setupTestDatabase,
  superAdminHeaders,
  testConfig,
} from '../../test/helpers';
import { openedOutbox } from '../../test/outbox';
import { listLogFiles } from './log-files';
import { redactSecrets } from './log-redaction';
import { createLogger } from './logger';

const db = await setupTestDatabase();
// The server's own logger, writing the file the super-admin downloads; no SMTP_URL.
const config = await testConfig({ logLevel: 'info', smtpUrl: undefined });
const logger = createLogger(config);
const app = await buildApp({ db, config, logger, operatorToken: OPERATOR_TOKEN });
after(() => app.close());

/** The log files once they hold a line matching `expected` (pino writes from a worker thread). */
async function logOnceItHas(expected: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = await listLogFiles(config.logFile);
    const text = (await Promise.all(files.map((file) => readFile(file.path, 'utf8')))).join('');
    if (expected.test(text) || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('after a recovery, no token is in the log file, the logs download or any line, only in the outbox viewer', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
  const asked = await app.inject({
    method: 'POST',
    url: '/api/auth/recover_password',
    payload: { email: 'pacjent@org.test', lang: 'pl' },
  });
  assert.equal(asked.statusCode, 204);
  const [queued] = await openedOutbox(db, config);
  const link = new URL(/https?:\/\/\S+/.exec(queued?.body ?? '')?.[0] ?? '');
  const token = link.searchParams.get('token') ?? '';
  assert.ok(token.length >= 20);

  // The delivery worker without SMTP_URL, as main.ts runs it.
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const transport = openingSealedBodies(
    createTransport({ smtpUrl: undefined, mailFrom: config.mailFrom, logger }),
    cipher,
  );
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: new Date(0) })
    .execute();
  assert.equal((await deliverDueMessages(db, { transport, clock: systemClock, logger })).notSent, 1);

  // The link is opened (its URL carries the token) and used.
  assert.equal((await app.inject({ url: `/api/auth/reset-link/${token}` })).statusCode, 200);
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/change_password',
    payload: { resetId: token, newPassword: 'Nowe#Haslo2026' },
  });
  assert.equal(reset.statusCode, 204, reset.body);

  const admin = await superAdminHeaders(app, db);
  const held = outboxPage.parse((await app.inject({ url: '/api/admin/outbox', headers: admin })).json());
  assert.match(
    held.messages[0]?.body ?? '',
    new RegExp(`token=${token}`),
    'the operator sees the held message',
  );

  const logged = await logOnceItHas(/password set by reset link/);
  assert.match(logged, /reset-link\/\[REDACTED\]/, 'the request was logged, its token redacted');
  assert.match(logged, /outbox: no SMTP_URL configured/);
  assert.ok(!logged.includes(token), 'no token in the log file');
  const download = await app.inject({ url: '/api/admin/logs', headers: admin });
  assert.equal(download.statusCode, 200);
  assert.ok(!gunzipSync(download.rawPayload).toString('utf8').includes(token), 'no token in the download');
});

test('secrets are redacted from any text: reset paths, secret query parameters, API keys', () => {
  assert.equal(redactSecrets('GET /api/auth/reset-link/abc_DEF-123'), 'GET /api/auth/reset-link/[REDACTED]');
  assert.equal(
    redactSecrets('https://f.test/password-reset-link?token=Zx9_-a&role=user'),
    'https://f.test/password-reset-link?token=[REDACTED]&role=user',
  );
  assert.equal(
    redactSecrets('/tenants/v1/ws/registration?token=q1w2e3'),
    '/tenants/v1/ws/registration?token=[REDACTED]',
  );
  assert.equal(redactSecrets('key fk_AbCdEfGhIjKlMnOpQrSt used'), 'key fk_[REDACTED] used');
  assert.equal(redactSecrets('/api/persons/12?page=2'), '/api/persons/12?page=2');
});
