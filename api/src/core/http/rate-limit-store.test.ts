import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../app';
import { OPERATOR_TOKEN, setupTestDatabase, testConfig } from '../../../test/helpers';
import { FALLBACK_REPORT_RATE_LIMIT } from '../../admin/fallback-events-routes';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const redisSkip = (await answers(REDIS_URL)) ? false : `no Redis answers at ${REDIS_URL}`;

const db = await setupTestDatabase();

/** Two API processes' apps, each with the rate limits' store `redisUrl` gives it, and their warnings. */
async function twoProcesses(redisUrl: string | undefined) {
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void warnings.push(JSON.parse(line).msg) },
  );
  const apps: FastifyInstance[] = [];
  for (let index = 0; index < 2; index++) {
    const config = await testConfig({ redisUrl });
    apps.push(await buildApp({ db, config, operatorToken: OPERATOR_TOKEN, logger }));
  }
  return { apps, warnings, close: () => Promise.all(apps.map((app) => app.close())) };
}

/** One client's reports, alternating between the processes; the statuses they got. */
async function reportFromOneAddress(apps: FastifyInstance[], count: number): Promise<number[]> {
  // An address of its own per run: the counts in a shared Redis outlive the test.
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await apps[index % apps.length]!.inject({
      method: 'POST',
      url: '/api/remotes/fallback-events',
      payload: { remote: 'mfe-results', from: '1.1.0+aaaaaaaa', to: '1.0.0+bbbbbbbb' },
      remoteAddress,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limit = FALLBACK_REPORT_RATE_LIMIT.max;

test(
  'with Redis, two processes enforce one limit: the client is refused once it used it up across both',
  { skip: redisSkip },
  async () => {
    const { apps, close } = await twoProcesses(REDIS_URL);
    try {
      const statuses = await reportFromOneAddress(apps, limit + 2);
      assert.deepEqual(statuses.slice(0, limit), Array(limit).fill(204));
      assert.deepEqual(statuses.slice(limit), [429, 429]);
    } finally {
      await close();
    }
  },
);

test('without Redis, each process counts on its own (the limit times the processes)', async () => {
  const { apps, close } = await twoProcesses(undefined);
  try {
    const statuses = await reportFromOneAddress(apps, 2 * limit + 2);
    assert.deepEqual(statuses.slice(0, 2 * limit), Array(2 * limit).fill(204));
    assert.deepEqual(statuses.slice(2 * limit), [429, 429]);
  } finally {
    await close();
  }
});

test('when Redis is away, requests are still served with per-process limits, and the operator is warned once', async () => {
  const nobody = `redis://127.0.0.1:${await closedPort()}`;
  const { apps, warnings, close } = await twoProcesses(nobody);
  try {
    const statuses = await reportFromOneAddress(apps, 2 * limit + 2);
    assert.deepEqual(statuses.slice(0, 2 * limit), Array(2 * limit).fill(204));
    assert.deepEqual(statuses.slice(2 * limit), [429, 429]);
    const outage = warnings.filter((message) => message.startsWith('Redis does not answer'));
    assert.equal(outage.length, 2, 'one warning per process');
  } finally {
    await close();
  }
});
