import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noteStatement, onCallerWrite } from './written-tables';

test('statements that may change a caller are told to the listeners, every time they run', () => {
  let heard = 0;
  const unsubscribe = onCallerWrite(() => {
    heard += 1;
  });
  try {
    const told = (sql: string) => {
      const before = heard;
      noteStatement(sql);
      return heard - before;
    };
    const statements: [string, number][] = [
      ['update "users" set "roles" = $1 where "id" = $2', 1],
      ['delete from "sessions" where "token_hash" = $1', 1],
      [
        'with "gone" as (delete from "api_keys" where "id" = $1 returning "id") select count(*) from "gone"',
        1,
      ],
      ['insert into "terms_acceptances" ("user_id", "terms_id") values ($1, $2)', 1],
      ['update "sessions" set "last_seen_at" = $1 where "id" = $2', 0],
      ['with "d" as (insert into "form_data" ("state") values ($1) returning *) select * from "d"', 0],
      ['select "id" from "users" where "email" = $1', 0],
    ];
    // Twice over: the second round answers from the verdicts kept.
    for (let round = 0; round < 2; round += 1) {
      for (const [sql, expected] of statements) assert.equal(told(sql), expected, sql);
    }
  } finally {
    unsubscribe();
  }
});
