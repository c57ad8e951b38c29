import pg from 'pg';
import { DescribedOnceQuery, type KnownShapes } from './described-once-query';

/**
 * Distinct statements a process prepares at most. The API's queries are a few hundred texts; a
 * text built with a varying shape (an `in` list of any length) past the bound runs unprepared, so
 * each connection's prepared statements, and their memory on the server, stay bounded.
 */
export const PREPARED_STATEMENT_LIMIT = 500;

/**
 * A `pg.Client` that runs every statement with parameters as a named prepared statement: the
 * server plans it once per connection instead of at every call. Planning a statement under
 * row-level security (each table's policy and the scope functions) cost several times its
 * execution, up to six times for a read through the `form_access` view (ADR 413). The server
 * describes a prepared statement's rows once per connection too (DescribedOnceQuery). Statements
 * without parameters keep the simple protocol, which allows several commands in one string
 * (migrations).
 */
export function preparingClient(limit = PREPARED_STATEMENT_LIMIT): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `formularze_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  /** Per connection, the statements whose plan another process's migration made stale. */
  const stale = new WeakMap<pg.Client, Set<string>>();
  const shapes = new WeakMap<pg.Client, KnownShapes>();
  const shapesOf = (client: pg.Client): KnownShapes => {
    let known = shapes.get(client);
    if (!known) shapes.set(client, (known = new Map()));
    return known;
  };
  class PreparingClient extends pg.Client {}
  // pg.Client's `query` has a dozen overloads; this turns (text, values[, callback]) into a named config.
  Object.defineProperty(PreparingClient.prototype, 'query', {
    value: function query(this: pg.Client, ...args: unknown[]) {
      const [text, values, ...rest] = args;
      const name =
        typeof text === 'string' && Array.isArray(values) && values.length > 0 && !stale.get(this)?.has(text)
          ? nameOf(text)
          : undefined;
      if (!name) return plainQuery.apply(this, args);
      const run = (callback: (error: Error | null, result?: unknown) => void) =>
        plainQuery.call(
          this,
          new DescribedOnceQuery(
            { name, text: text as string, values: values as unknown[], callback },
            shapesOf(this),
          ),
        );
      const [callback] = rest;
      if (typeof callback === 'function') return run(callback as (error: Error | null) => void);
      const prepared = new Promise((resolve, reject) => {
        run((error, result) => (error ? reject(error) : resolve(result)));
      });
      return prepared.catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        // A column was added to or dropped from a table the statement reads (a newer API process
        // migrated the database): this connection runs the text unprepared from now on.
        if (!stale.has(this)) stale.set(this, new Set());
        stale.get(this)!.add(text as string);
        return plainQuery.call(this, text, values);
      });
    },
  });
  return PreparingClient;
}

const isStalePlan = (error: unknown): boolean =>
  error instanceof Error &&
  (error as { code?: string }).code === '0A000' &&
  error.message.includes('cached plan must not change result type');
