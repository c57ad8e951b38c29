import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { outboxPage } from '@formularze/domain/schemas/admin';
import type { LogFile } from '../logs/log-files';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  setupTestApp,
  signIn,
  superAdminHeaders,
} from '../../test/helpers';
import { filesWithinCap } from './log-archive';

const now = new Date('2026-03-14T09:30:00Z');
const { db, app, config } = await setupDatabaseAndApp({}, { clock: () => now });

const logsDir = path.dirname(config.logFile);

async function writeLogs(files: Record<string, string>) {
  await mkdir(logsDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(logsDir, name), content);
}

/** A patient's and a staff member's sessions: neither opens the panel's routes. */
async function ordinaryHeaders() {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@klinika.test', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'wlasciciel@klinika.test', authorities: 'ROLE_OWNER', organizationId });
  // A platform administrator signed in at the staff door is not in the panel either.
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  return [
    await signIn(app, { username: 'pacjent@klinika.test' }),
    await signIn(app, { email: 'wlasciciel@klinika.test' }),
    await signIn(app, { email: 'admin@platform.test' }),
  ];
}

for (const url of ['/api/admin/logs', '/api/admin/outbox']) {
  test(`${url} is refused without the panel's own session`, async () => {
    assert.equal((await app.inject({ url })).statusCode, 401);
    for (const headers of await ordinaryHeaders()) {
      const response = await app.inject({ url, headers });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json<{ code: string }>().code, 'unauthenticated');
    }
  });
}

test('the logs download is an attachment of the current and rotated files, oldest first, gzipped', async () => {
  await writeLogs({
    'api.3.log': '{"msg":"najnowszy"}\n',
    'api.1.log': '{"msg":"najstarszy"}\n',
    'api.2.log': '{"msg":"środkowy"}\n',
    'inny.4.log': '{"msg":"nie nasz"}\n',
  });
  const response = await app.inject({ url: '/api/admin/logs', headers: await superAdminHeaders(app, db) });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/gzip');
  assert.equal(
    response.headers['content-disposition'],
    'attachment; filename="formularze-logs-2026-03-14.log.gz"',
  );
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(
    gunzipSync(response.rawPayload).toString('utf8'),
    '{"msg":"najstarszy"}\n{"msg":"środkowy"}\n{"msg":"najnowszy"}\n',
  );
});

test('without any log file the download says so', async () => {
  const { app: fresh } = await setupTestApp(db);
  const response = await fresh.inject({
    url: '/api/admin/logs',
    headers: await superAdminHeaders(fresh, db),
  });
  assert.equal(response.statusCode, 404);
  assert.equal(response.json<{ code: string }>().code, 'no-logs');
});

test('the download keeps the file being written and as many rotated ones as fit in the cap', () => {
  const file = (number: number, size: number): LogFile => ({
    path: `api.${number}.log`,
    number,
    size,
    modifiedAt: new Date(),
  });
  const files = [file(5, 40), file(4, 30), file(3, 20), file(2, 10)];
  assert.deepEqual(
    filesWithinCap(files, 95).map((chosen) => chosen.number),
    [3, 4, 5],
  );
  assert.deepEqual(
    filesWithinCap([file(5, 200), file(4, 1)], 100).map((chosen) => chosen.number),
    [5],
  );
  assert.deepEqual(filesWithinCap([], 100), []);
});

async function queueMessages() {
  const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  await db
    .insertInto('outbox')
    .values([
      {
        recipient: 'anna@klinika.test',
        channel: 'mail',
        subject: 'Zmiana hasła',
        body: 'https://formularze.test/password-set-new/SEKRET',
        created_at: at(30),
        sent_at: at(29),
        attempts: 1,
        next_attempt_at: null,
      },
      {
        recipient: '+48600100200',
        channel: 'sms',
        subject: 'Zmiana hasła',
        body: 'link SEKRET',
        created_at: at(20),
        attempts: 0,
        next_attempt_at: null,
      },
      {
        recipient: 'jan@klinika.test',
        channel: 'mail',
        subject: 'Zmiana hasła',
        body: 'SEKRET',
        created_at: at(10),
        attempts: 2,
        last_error: 'connect ECONNREFUSED',
        next_attempt_at: at(-5),
      },
    ])
    .execute();
}

test('the outbox lists messages newest first, filtered by waiting or sent, with the bodies of held ones only', async () => {
  await queueMessages();
  const headers = await superAdminHeaders(app, db);
  const list = async (query: string) => {
    const response = await app.inject({ url: `/api/admin/outbox${query}`, headers });
    assert.equal(response.statusCode, 200);
    return outboxPage.parse(response.json());
  };

  const all = await list('');
  assert.deepEqual(
    all.messages.map((message) => message.recipient),
    ['jan@klinika.test', '+48600100200', 'anna@klinika.test'],
  );
  assert.equal(all.total, 3);
  assert.deepEqual(all.messages[0], {
    id: all.messages[0]!.id,
    recipient: 'jan@klinika.test',
    channel: 'mail',
    subject: 'Zmiana hasła',
    createdAt: '2026-03-14T09:20:00.000Z',
    sentAt: null,
    attempts: 2,
    lastError: 'connect ECONNREFUSED',
    nextAttemptAt: '2026-03-14T09:35:00.000Z',
    body: null,
  });
  // Sent and still retried messages keep their text to themselves; a held one shows it to the operator.
  assert.deepEqual(
    all.messages.map((message) => message.body),
    [null, 'link SEKRET', null],
  );

  const waiting = await list('?status=waiting');
  assert.deepEqual(
    waiting.messages.map((message) => message.recipient),
    ['jan@klinika.test', '+48600100200'],
  );
  assert.equal(waiting.total, 2);

  const sent = await list('?status=sent');
  assert.deepEqual(
    sent.messages.map((message) => [message.recipient, message.sentAt]),
    [['anna@klinika.test', '2026-03-14T09:01:00.000Z']],
  );

  const beyond = await list('?page=1');
  assert.deepEqual(beyond, { messages: [], total: 3, page: 1, pageSize: 20 });
});

test('the outbox refuses an unknown filter or page', async () => {
  const headers = await superAdminHeaders(app, db);
  for (const query of ['?status=lost', '?page=-1', '?page=abc']) {
    const response = await app.inject({ url: `/api/admin/outbox${query}`, headers });
    assert.equal(response.statusCode, 400, query);
  }
});
