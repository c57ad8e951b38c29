import type {
  AbortableOperationOptions,
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Every statement the test database is sent, as it leaves for the server: below the scoped
 * dialect, so the scope's settings count, and `begin`/`commit` too. Each is one round trip.
 */
const sent: string[] = [];

/** The statements sent while `work` ran (nothing else may use the database meanwhile). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const first = sent.length;
  await work();
  return sent.slice(first);
}

class CountingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    sent.push(compiledQuery.sql);
    return this.inner.executeQuery(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    sent.push(compiledQuery.sql);
    return this.inner.streamQuery(compiledQuery, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof CountingConnection ? connection.inner : connection;

class CountingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, CountingConnection>();

  constructor(readonly inner: Driver) {}

  init(options?: AbortableOperationOptions) {
    return this.inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection(options);
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) this.#wrapped.set(connection, (wrapped = new CountingConnection(connection)));
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    sent.push('begin');
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    sent.push('commit');
    return this.inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    sent.push('rollback');
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    sent.push(`savepoint ${name}`);
    await this.inner.savepoint?.(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    sent.push(`rollback to savepoint ${name}`);
    await this.inner.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    sent.push(`release savepoint ${name}`);
    await this.inner.releaseSavepoint?.(innerOf(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(options?: AbortableOperationOptions) {
    return this.inner.destroy(options);
  }
}

/** `inner` whose statements are recorded for `statementsDuring`. */
export function countingDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new CountingDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
