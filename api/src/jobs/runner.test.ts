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
  // The audit trail's jobs may have linked the fixture's sign-ins in the same round.
  const forms = logger.lines.filter((line) => !String(line.details.job).startsWith('audit'));
  assert.deepEqual(forms, [{ level: 'info', details: { job: 'missedSlots', done: 2 } }]);
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
  // More than a round of failing jobs.
  await until(() => logger.lines.length >= 6);
  await stop();
  assert.ok(logger.lines.every((line) => line.level === 'warn'));
  assert.deepEqual(
    logger.lines.slice(0, 3).map((line) => line.details.job),
    ['missedSlots', 'fillReminders', 'webhooks'],
  );
});

test("the loop links the access audit trail's new entries, and archives those older than the retention", async () => {
  const { organizationId } = await world.organization();
  for (const operation of ['results.list', 'person.details']) {
    await db.insertInto('access_audit').values({ organization_id: organizationId, operation }).execute();
  }
  const sixYearsOn = new Date();
  sixYearsOn.setUTCFullYear(sixYearsOn.getUTCFullYear() + 6);
  const logger = recordingLogger();
  const stop = startBackgroundJobs(db, {
    clock: () => sixYearsOn,
    logger,
    intervalMs: 20,
    webhooks: { cipher: world.cipher },
    auditRetentionYears: 5,
  });
  await until(() => logger.lines.some((line) => line.details.job === 'auditArchive'));
  await stop();
  // The sign-ins of the fixture's people too, all of the organization's one chain.
  const archived = await db
    .selectFrom('access_audit_archive')
    .select(['operation', 'chain_seq', 'hash'])
    .where('organization_id', '=', organizationId)
    .orderBy('chain_seq')
    .execute();
  assert.deepEqual(
    archived.map((entry) => Number(entry.chain_seq)),
    archived.map((_, index) => index + 1),
  );
  assert.deepEqual(
    archived.map((entry) => entry.operation).filter((operation) => operation !== 'auth.login'),
    ['results.list', 'person.details'],
  );
  assert.ok(archived.every((entry) => entry.hash?.length === 64));
  assert.deepEqual(await db.selectFrom('access_audit').select('id').execute(), []);
});
