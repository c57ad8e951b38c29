import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A value a query compiled once takes afresh at each run. */
type Argument = string | number | boolean | Date | null;

/** Stands for argument `name` while the query is built, so that it lands in the SQL as a parameter. */
class ArgumentSlot {
  constructor(readonly name: string) {}

  // Read as a value while building (in a condition, or written into the SQL's text), the argument
  // would be frozen into every later run: such a builder must take the value as its shape instead.
  [Symbol.toPrimitive](): never {
    throw new Error(
      `compiledOnce: argument "${this.name}" was read while building, not passed as a parameter`,
    );
  }
}

const slotsFor = <Args>(): Args => {
  const slots = new Map<string, ArgumentSlot>();
  return new Proxy({} as object, {
    get: (_, name) => {
      if (typeof name !== 'string') return undefined;
      if (!slots.has(name)) slots.set(name, new ArgumentSlot(name));
      return slots.get(name);
    },
  }) as Args;
};

/**
 * A hot query that Kysely builds and compiles once per shape (e.g. its sort order) and database,
 * then runs with each call's arguments as parameters. Building and compiling a read of a few joins
 * took ~15 % of its route's time in the API (bench/README.md). `build` must pass each argument to
 * the query as a value and decide nothing from it: what changes the SQL's text goes in `shape`.
 * A shape whose key is `undefined` (one of too many to keep, such as a typed filter) is built and
 * compiled at each call.
 */
export function compiledOnce<Args extends { [Name in keyof Args]: Argument }, Shape, Row>(
  build: (db: Kysely<Database>, args: Args, shape: Shape) => Compilable<Row>,
  shapeKey: (shape: Shape) => string | undefined = String,
): (db: Kysely<Database>, args: Args, shape: Shape) => CompiledQuery<Row> {
  const compiledByDb = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<Row>>>();
  return (db, args, shape) => {
    let compiled = compiledByDb.get(db);
    if (!compiled) compiledByDb.set(db, (compiled = new Map()));
    const key = shapeKey(shape);
    if (key === undefined) return build(db, args, shape).compile();
    let query = compiled.get(key);
    if (!query) compiled.set(key, (query = build(db, slotsFor<Args>(), shape).compile()));
    return {
      query: query.query,
      queryId: createQueryId(),
      sql: query.sql,
      parameters: query.parameters.map((value) =>
        value instanceof ArgumentSlot ? args[value.name as keyof Args] : value,
      ),
    };
  };
}
