import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../db/schema';
import { setupTestDatabase } from '../../test/helpers';
import { jobsTestWorld, SLOT_END, WEDNESDAY_SCHEDULE } from '../../test/jobs-fixture';
import { startBackgroundJobs } from './runner';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

function recordingLogger() {
  const lines: { level: string; details: Record<string, unknown> }[] = [];
  return {
    lines,
    info: (details: object) => void lines.push({ level: 'info', details: { ...details } }),
    warn: (details: object) => void lines.push({ level: 'warn', details: { ...details } }),
  };
}

const until = async (condition: () => boolean | Promise<boolean>) => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
};

test('the loop runs the jobs on the clock it is given until it is stopped', async () => {
  const { activeForm } = await world.organization();
  await activeForm({ schedule: WEDNESDAY_SCHEDULE });
  const logger = recordingLogger();
  const stop = startBackgroundJobs(db, {
    clock: () => SLOT_END,
    logger,
    intervalMs: 20,
    webhooks: { cipher: world.cipher },
  });
  await until(() => logger.lines.length > 0);
  await stop();
  assert.deepEqual(logger.lines, [{ level: 'info', details: { job: 'missedSlots', done: 2 } }]);
  const missed = await db.selectFrom('form_data').select('id').where('state', '=', 'MISSED').execute();
  assert.equal(missed.length, 2);
});

test('a failing job is logged and the loop goes on', async () => {
  const unreachable = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: () => Promise.reject(new Error('database unreachable')) }),
  });
  const logger = recordingLogger();
  const stop = startBackgroundJobs(unreachable, {
    clock: () => SLOT_END,
    logger,
    intervalMs: 5,
    webhooks: { cipher: world.cipher },
  });
  // Two rounds of three failing jobs.
  await until(() => logger.lines.length >= 6);
  await stop();
  assert.ok(logger.lines.every((line) => line.level === 'warn'));
  assert.deepEqual(
    logger.lines.slice(0, 3).map((line) => line.details.job),
    ['missedSlots', 'fillReminders', 'webhooks'],
  );
});
