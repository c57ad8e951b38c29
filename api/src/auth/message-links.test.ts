import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { linkOrigin, listenRefusal, loadConfig, type Config } from '../core/config';
import { addUser, organizationWithStaff, patientBody, staffBody } from '../../test/members-fixture';
import { createUser, OPERATOR_TOKEN, setupTestDatabase, testConfig } from '../../test/helpers';
import { openedOutbox } from '../../test/outbox';

const db = await setupTestDatabase();

/** What an attacker sends to have a link point at a host of theirs. */
const FOREIGN = {
  host: 'attacker.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

async function appWith(overrides: Partial<Config>): Promise<{ app: FastifyInstance; config: Config }> {
  // Trusting every proxy is the setting under which X-Forwarded-Host would count, if anything read it.
  const config = await testConfig({ trustProxy: true, ...overrides });
  const app = await buildApp({ db, config, operatorToken: OPERATOR_TOKEN });
  return { app, config };
}

/** Every route that puts a link in a message, each asked with a foreign Host and X-Forwarded-Host. */
async function askEveryLink(app: FastifyInstance) {
  const org = await organizationWithStaff(app, db);
  const patientId = await createUser(db, {
    email: 'maria@a.test',
    authorities: 'ROLE_USER',
    organizationId: org.organizationId,
  });
  const asks = [
    app.inject({
      method: 'POST',
      url: '/api/auth/recover_password',
      headers: FOREIGN,
      payload: { email: 'maria@a.test', lang: 'pl' },
    }),
    app.inject({
      method: 'POST',
      url: '/employees/v1/password/reset/ask',
      headers: FOREIGN,
      payload: { email: 'lekarz@a.test', lang: 'pl' },
    }),
    addUser(app, { ...org.owner, ...FOREIGN }, org.organizationId, patientBody()),
    addUser(app, { ...org.owner, ...FOREIGN }, org.organizationId, staffBody()),
    app.inject({
      method: 'PUT',
      url: `/api/persons/${patientId}/reset_password`,
      headers: { ...org.owner, ...FOREIGN },
    }),
    app.inject({
      method: 'POST',
      url: `/api/persons/${patientId}/welcome_message`,
      headers: { ...org.owner, ...FOREIGN },
    }),
  ];
  for (const response of await Promise.all(asks)) assert.ok(response.statusCode < 300, response.body);
}

async function linkOrigins(config: Config): Promise<string[]> {
  const bodies = (await openedOutbox(db, config)).map((message) => message.body);
  assert.equal(bodies.length, 6, 'one message per route');
  return bodies.flatMap((body) =>
    [...body.matchAll(/https?:\/\/\S+/g)].map(([link]) => new URL(link).origin),
  );
}

test('links in messages point at PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
  const { app, config } = await appWith({ publicUrl: 'https://formularze.example.pl' });
  await askEveryLink(app);
  const origins = await linkOrigins(config);
  assert.equal(origins.length, 6);
  assert.deepEqual(new Set(origins), new Set(['https://formularze.example.pl']));
  await app.close();
});

test('without PUBLIC_URL, links point at the server on this machine, never at the request host', async () => {
  const { app, config } = await appWith({ publicUrl: undefined, port: 8123 });
  await askEveryLink(app);
  assert.deepEqual(new Set(await linkOrigins(config)), new Set(['http://localhost:8123']));
  await app.close();
});

test('a server reachable from other machines refuses to start without PUBLIC_URL', () => {
  assert.match(listenRefusal(loadConfig({})) ?? '', /PUBLIC_URL/);
  assert.match(listenRefusal(loadConfig({ HOST: '192.168.1.10' })) ?? '', /PUBLIC_URL/);
  assert.match(listenRefusal(loadConfig({ HOST: '::' })) ?? '', /PUBLIC_URL/);
  for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
    assert.equal(listenRefusal(loadConfig({ HOST: host })), undefined, host);
  }
  const configured = loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://formularze.example.pl/' });
  assert.equal(listenRefusal(configured), undefined);
  assert.equal(linkOrigin(configured), 'https://formularze.example.pl');
  assert.equal(linkOrigin(loadConfig({ HOST: '127.0.0.1', PORT: '9000' })), 'http://localhost:9000');
});
