import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { preparingClient } from './prepared-statements';

const url = process.env.DATABASE_URL;

/** One connection through the preparing client, ended after the test. */
function poolOfOne(limit?: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient(limit) });
  after(() => pool.end());
  return pool;
}

test(
  'statements with parameters are prepared once per connection, up to the limit; the rest run as before',
  { skip: url ? false : 'PostgreSQL only (DATABASE_URL): PGlite has one connection and no pool' },
  async () => {
    const pool = poolOfOne(2);
    const prepared = async () =>
      (
        await pool.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements order by name',
        )
      ).rows;

    for (let run = 0; run < 3; run += 1) {
      assert.deepEqual((await pool.query('select $1::int + 1 as n', [run])).rows, [{ n: run + 1 }]);
    }
    assert.deepEqual(await prepared(), [{ name: 'formularze_0', statement: 'select $1::int + 1 as n' }]);

    // No parameters: the simple protocol, which takes several commands in one string (migrations).
    const results = (await pool.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    assert.deepEqual(
      results.map((result) => result.rows),
      [[{ a: 1 }], [{ b: 2 }]],
    );

    assert.deepEqual((await pool.query('select $1::text as t', ['drugi'])).rows, [{ t: 'drugi' }]);
    // Past the limit: answered all the same, without a prepared statement.
    assert.deepEqual((await pool.query('select $1::text || $2 as t', ['trzeci', '!'])).rows, [
      { t: 'trzeci!' },
    ]);
    assert.deepEqual(
      (await prepared()).map((statement) => statement.name),
      ['formularze_0', 'formularze_1'],
    );
  },
);

test(
  'a statement whose table another process altered is run again unprepared, not failed',
  { skip: url ? false : 'PostgreSQL only (DATABASE_URL)' },
  async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient() });
    const table = `prepared_${process.pid}`;
    after(async () => {
      await pool.query(`drop table if exists ${table}`);
      await pool.end();
    });
    await pool.query(`create table ${table} (id int primary key)`);
    await pool.query(`insert into ${table} values (1)`);
    const client = await pool.connect();
    try {
      const read = () => client.query(`select * from ${table} where id = $1`, [1]);
      assert.deepEqual((await read()).rows, [{ id: 1 }]);
      await client.query(`alter table ${table} add column note text default 'nowa'`);
      assert.deepEqual((await read()).rows, [{ id: 1, note: 'nowa' }]);
      assert.deepEqual((await read()).rows, [{ id: 1, note: 'nowa' }]);
    } finally {
      client.release();
    }
  },
);

test(
  "a prepared statement's rows are described by the server once per connection, and parsed alike every time",
  { skip: url ? false : 'PostgreSQL only (DATABASE_URL)' },
  async () => {
    const pool = poolOfOne();
    const client = await pool.connect();
    try {
      let descriptions = 0;
      (client as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => {
        descriptions += 1;
      });
      const typed = (n: number) =>
        client.query(
          `select $1::int as n, $2::jsonb as doc, $3::timestamptz as at, null::text as nothing, 'stała' as label`,
          [n, { odpowiedź: [n] }, new Date(Date.UTC(2026, 0, n))],
        );
      const counted = (n: number) =>
        client.query('select count(*)::int as c from generate_series(1, $1::int)', [n]);

      for (let n = 1; n <= 3; n += 1) {
        const { rows, fields } = await typed(n);
        assert.deepEqual(rows, [
          { n, doc: { odpowiedź: [n] }, at: new Date(Date.UTC(2026, 0, n)), nothing: null, label: 'stała' },
        ]);
        assert.deepEqual(
          fields.map((field) => field.name),
          ['n', 'doc', 'at', 'nothing', 'label'],
        );
        // Another statement between runs keeps its own shape.
        assert.deepEqual((await counted(n)).rows, [{ c: n }]);
      }
      assert.equal(descriptions, 2, 'each statement described at its first run only');

      // A statement without rows: the server has none to describe; later runs still complete.
      await client.query('create temporary table described_once (id int)');
      for (let n = 1; n <= 3; n += 1) {
        const inserted = await client.query('insert into described_once values ($1)', [n]);
        assert.equal(inserted.rowCount, 1);
        assert.deepEqual(inserted.rows, []);
      }
      assert.deepEqual(
        (await client.query('select sum(id)::int as s from described_once where id > $1', [0])).rows,
        [{ s: 6 }],
      );
    } finally {
      client.release();
    }
  },
);

test(
  'a value that cannot be sent fails its query only, before and after the statement was described',
  { skip: url ? false : 'PostgreSQL only (DATABASE_URL)' },
  async () => {
    const pool = poolOfOne();
    const unsendable = {
      toPostgres() {
        throw new Error('nie do wysłania');
      },
    };
    const echo = (value: unknown) => pool.query('select $1::text as t', [value]);
    await assert.rejects(echo(unsendable), /nie do wysłania/);
    assert.deepEqual((await echo('pierwszy')).rows, [{ t: 'pierwszy' }]);
    await assert.rejects(echo(unsendable), /nie do wysłania/);
    assert.deepEqual((await echo('drugi')).rows, [{ t: 'drugi' }]);
    // The server's refusal too: the connection keeps answering.
    await assert.rejects(pool.query('select $1::int as n', ['nie liczba']), /invalid input syntax/);
    assert.deepEqual((await pool.query('select $1::int as n', ['7'])).rows, [{ n: 7 }]);
  },
);
