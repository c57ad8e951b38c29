import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { scopedDialect } from './scoped-dialect';
import { runAsSystem } from './tenant-scope';

test('PGlite lent to one caller at a time still lets the event loop run between them', async () => {
  const db = new Kysely<Database>({
    dialect: scopedDialect(new PGliteDialect({ pglite: new PGlite() }), { singleConnection: true }),
  });
  after(() => db.destroy());
  const CALLERS = 20;
  const QUERIES_EACH = 50;
  let done = 0;
  // A timer due at once must fire while the callers still queue for the connection, as a socket
  // with a request waiting to be read must be read.
  let doneWhenTimerFired: number | undefined;
  await runAsSystem(async () => {
    await sql`select 1`.execute(db);
    setTimeout(() => (doneWhenTimerFired = done), 0);
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        for (let query = 0; query < QUERIES_EACH; query += 1) {
          await sql`select 1`.execute(db);
          done += 1;
        }
      }),
    );
  });
  assert.equal(done, CALLERS * QUERIES_EACH);
  assert.ok(
    doneWhenTimerFired !== undefined && doneWhenTimerFired < done / 2,
    `fired after ${doneWhenTimerFired}`,
  );
});
