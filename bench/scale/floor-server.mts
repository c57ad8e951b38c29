// The floor the API's routes are compared with: a bare Fastify route answering one indexed query
// (`users` by e-mail) through `pg.Pool` on the database of DATABASE_URL, or, without it, through an
// in-memory PGlite of its own holding the same kind of table. Prints one line once it listens on
// 127.0.0.1:PORT. FLOOR_EMAIL: the address looked up (one that exists).
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const EMAIL = process.env.FLOOR_EMAIL ?? 'owner@demo.local';
const QUERY = 'select id, email from users where email = $1';

async function pgliteQuery(): Promise<(email: string) => Promise<unknown[]>> {
  const db = new PGlite();
  await db.exec(`
    create table users (id serial primary key, email text not null unique);
    insert into users (email) select 'person' || n || '@demo.local' from generate_series(1, 1000) n;
  `);
  await db.query('insert into users (email) values ($1)', [EMAIL]);
  return async (email) => (await db.query(QUERY, [email])).rows;
}

function postgresQuery(connectionString: string): (email: string) => Promise<unknown[]> {
  const pool = new pg.Pool({ connectionString });
  return async (email) => (await pool.query(QUERY, [email])).rows;
}

const query = process.env.DATABASE_URL ? postgresQuery(process.env.DATABASE_URL) : await pgliteQuery();
const app = Fastify();
app.get('/', async (_request, reply) => {
  const rows = await query(EMAIL);
  if (rows.length !== 1) return reply.status(500).send({ error: 'not found' });
  return rows[0];
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`floor listening on ${JSON.stringify(app.server.address())}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
