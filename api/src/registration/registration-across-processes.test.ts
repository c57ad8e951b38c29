import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { newChannelToken } from '@formularze/domain/schemas/registration';
import { buildApp } from '../app';
import { EASY_CAPTCHA, solveCaptcha } from '../../test/captcha-support';
import type { Database } from '../db/schema';
import { setupTestDatabase, skipUnlessPostgres, TEST_PASSWORD, testConfig } from '../../test/helpers';

const databaseUrl = process.env.DATABASE_URL;
const skip = skipUnlessPostgres('PGlite serves one process, whose bus is in-process');

// Hooks of the file's database (emptied before each test, dropped after the file) are registered at its top level.
const database = databaseUrl ? setupTestDatabase() : undefined;

/** Two API processes on one database: each its own pool, its own listening connection. */
describe('the live registration channel across API processes', { skip }, () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let secondDb: Kysely<Database>;

  before(async () => {
    const db = await database!;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    secondDb = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${rows[0]!.schema}` }),
      }),
    });
    const registration = { captchaDifficulty: EASY_CAPTCHA };
    first = await buildApp({ db, config: await testConfig(), registration });
    second = await buildApp({ db: secondDb, config: await testConfig(), registration });
    // The socket goes over a real connection, as a browser's does.
    await first.listen({ host: '127.0.0.1', port: 0 });
    await second.ready();
  });
  after(async () => {
    await first?.close();
    await second?.close();
    await secondDb?.destroy();
  });

  test('a socket opened on one process hears of the organization registered through another', async () => {
    // Unique to this run: other runs on the same server hear the same channel.
    const mail = `anna-${process.pid}-${Date.now()}@klinika.test`;
    const { port } = first.server.address() as AddressInfo;
    const channelToken = newChannelToken();
    // testConfig has no PUBLIC_URL: the product's pages are on the server of this machine.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/tenants/v1/ws/registration?token=${channelToken}`, {
      origin: 'http://localhost:8080',
    });
    const received = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(String(data))),
    );
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const response = await second.inject({
      method: 'POST',
      url: '/api/organizations/register',
      payload: {
        orgName: 'Anna Nowak',
        mail,
        password: TEST_PASSWORD,
        captcha: await solveCaptcha(second),
        channelToken,
      },
    });
    assert.equal(response.statusCode, 200, response.body);

    assert.deepEqual(JSON.parse(await received), { type: 'TENANT_CREATED', email: mail });
    assert.equal(await closed, 1000);
    // What the browser does next, on whichever process it reaches: the owner signs in.
    const login = await first.inject({
      method: 'POST',
      url: '/employees/v1/login',
      payload: { email: mail, password: TEST_PASSWORD },
    });
    assert.equal(login.statusCode, 200, login.body);
  });
});
