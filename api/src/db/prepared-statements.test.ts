import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { preparingClient } from './prepared-statements';

const url = process.env.DATABASE_URL;

test(
  'statements with parameters are prepared once per connection, up to the limit; the rest run as before',
  { skip: url ? false : 'PostgreSQL only (DATABASE_URL): PGlite has one connection and no pool' },
  async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient(2) });
    after(() => pool.end());
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
