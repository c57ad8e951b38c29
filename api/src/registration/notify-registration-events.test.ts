import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { skipUnlessPostgres } from '../../test/helpers';
import {
  createNotifyRegistrationEvents,
  REGISTRATION_EVENTS_CHANNEL,
  type NotifyRegistrationEvents,
} from './notify-registration-events';
import type { TenantCreatedEvent } from './registration-events';

const databaseUrl = process.env.DATABASE_URL;
const skip = skipUnlessPostgres('PGlite has no NOTIFY between connections');

/** Addresses of this run only: other runs on the same server hear the same channel. */
const run = `${process.pid}-${Date.now()}`;
const address = (name: string) => `${name}-${run}@klinika.test`;
/** The channel is keyed by a token; these tests use each address, lower-cased, as its token. */
const created = (email: string, organizationId = 1): TenantCreatedEvent => ({
  type: 'TENANT_CREATED',
  email,
  channelToken: email.toLowerCase(),
  organizationId,
});

const nextEvent = (events: NotifyRegistrationEvents, email: string) =>
  new Promise<TenantCreatedEvent>((resolve) => {
    const unsubscribe = events.subscribe(email, (event) => {
      unsubscribe();
      resolve(event);
    });
  });

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('NOTIFY registration events', { skip }, () => {
  const warnings: string[] = [];
  const logger = { info: () => undefined, warn: (_: object, message: string) => warnings.push(message) };
  let db: Kysely<Database>;
  /** Two API processes: each its own pool (for publishing) and its own listening connection. */
  const open = async () =>
    createNotifyRegistrationEvents({
      db: (db ??= new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
      })),
      connectionString: databaseUrl!,
      logger,
      reconnectDelayMs: 50,
    });
  let first: NotifyRegistrationEvents;
  let second: NotifyRegistrationEvents;

  after(async () => {
    await first?.close();
    await second?.close();
    await db?.destroy();
  });

  test('an event published by one process reaches the listeners of its channel in every process', async () => {
    first = await open();
    second = await open();
    const anna = address('anna');
    const inFirst = nextEvent(first, anna);
    const inSecond = nextEvent(second, anna);
    let otherHeard = 0;
    const stopOther = first.subscribe(address('ktos'), () => otherHeard++);
    assert.equal(first.listenerCount(anna), 1);

    // The other address's event goes first: once Anna's has arrived, the other one was dispatched too.
    await second.publish(created(address('nikt')));
    await second.publish(created(anna.replace('anna', 'ANNA'), 42));
    assert.deepEqual(await inFirst, created(anna, 42));
    assert.deepEqual(await inSecond, created(anna, 42));
    assert.equal(otherHeard, 0);
    stopOther();
    assert.equal(first.listenerCount(anna), 0);
    assert.equal(first.listenerCount(address('ktos')), 0);
  });

  test('a malformed notification is logged and skipped; the next one is delivered', async () => {
    const bartek = address('bartek');
    const heard = [nextEvent(first, bartek), nextEvent(second, bartek)];
    await sql`select pg_notify(${REGISTRATION_EVENTS_CHANNEL}, 'to nie JSON')`.execute(db);
    await sql`select pg_notify(${REGISTRATION_EVENTS_CHANNEL}, '{"type":"INNY"}')`.execute(db);
    await second.publish(created(bartek, 7));
    assert.deepEqual(await Promise.all(heard), [created(bartek, 7), created(bartek, 7)]);
    assert.equal(
      warnings.filter((warning) => warning.includes('malformed notification')).length,
      // Both processes heard both.
      4,
    );
  });

  test('a process whose listening connection is lost listens again and hears later events', async () => {
    const lostPid = first.listenerPid();
    assert.ok(lostPid);
    await sql`select pg_terminate_backend(${lostPid})`.execute(db);
    await until(() => first.listenerPid() !== null && first.listenerPid() !== lostPid, 'it listens again');

    const celina = address('celina');
    const heard = nextEvent(first, celina);
    await second.publish(created(celina, 9));
    assert.deepEqual(await heard, created(celina, 9));
    assert.ok(warnings.some((warning) => warning.includes('connection lost')));
  });

  test('closing ends the listening connection', async () => {
    const pid = second.listenerPid();
    assert.ok(pid);
    await second.close();
    assert.equal(second.listenerPid(), null);
    await until(
      async () => !(await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(db)).rows.length,
      'the connection is gone',
    );
  });
});
