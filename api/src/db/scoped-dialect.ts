import {
  type AbortableOperationOptions,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { currentScope, scopeSettings, type TenantScope } from './tenant-scope';
import { noteStatement } from './written-tables';

/** The role the API's queries run as: not the tables' owner, no superuser, no BYPASSRLS (migration 0018). */
export const APP_ROLE = 'formularze_app';

export interface ScopedDialectOptions {
  /**
   * `SET ROLE` to this on each new connection: for a connection opened as the owner (PGlite always
   * is a superuser). Undefined when the connection already logs in as the role, or for the owner.
   */
  role?: string;
  /** The scope of queries made outside any (`NO_SCOPE` at run time; tests make it `system`). */
  fallbackScope?: TenantScope;
  /** The inner driver hands out one shared connection (PGlite): lend it to one user at a time. */
  singleConnection?: boolean;
  /**
   * The runtime role's scope counts only when sealed with the database's scope key (migration
   * 0040), which only the owner may read. With `role`, it is read on the first connection before
   * `SET ROLE`; a connection that logs in as the role gets it here (from the owner's connection).
   */
  scopeKey?: () => Promise<string>;
}

/** The scope key of the database, readable by its owner only (migration 0040). */
export const SCOPE_KEY_QUERY: CompiledQuery<{ key: string }> = CompiledQuery.raw(
  'select key from formularze_scope_key',
);

/** The key as the owner reads it; empty before migration 0040 ran. */
async function readScopeKey(connection: DatabaseConnection): Promise<string> {
  const { rows } = await connection.executeQuery<{ present: boolean }>(
    CompiledQuery.raw("select to_regclass('formularze_scope_key') is not null as present"),
  );
  if (!rows[0]?.present) return '';
  return (await connection.executeQuery<{ key: string }>(SCOPE_KEY_QUERY)).rows[0]?.key ?? '';
}

/**
 * Sets the scope with its seal (migration 0040). The pid comes from the server itself, binding the
 * seal to this connection; with no key (the owner, whose settings are trusted as they are) the
 * seal is left empty.
 */
const SET_SCOPE = CompiledQuery.raw(
  `select set_config('app.organization_id', $1, false), set_config('app.scope', $2, false),
     set_config('app.scope_seal', case when $3 = '' then '' else md5($3 || ':' || $2 || ':' || $1 || ':' || pg_backend_pid()) end, false)`,
);

/**
 * One at a time, in order of asking, with a turn of the event loop between two holders. PGlite
 * answers a query within promise callbacks, so handing the connection straight to the next waiter
 * would chain every queued query without ever returning to the event loop: while callers keep the
 * queue full, no socket is read and no timer runs — a request whose body is still to be read (an
 * upload) waited minutes under 200 patients' saves.
 */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let unlock!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise((resolve) => (unlock = () => setImmediate(resolve)));
    await previous;
    return unlock;
  }
}

/**
 * Applies the current tenant scope to a connection when it is acquired, so every query and
 * transaction on it runs under the scope of the code that asked for it and repositories need not
 * know about it. The settings are session-wide (`set_config(…, false)`), made outside any
 * transaction, so a rollback cannot undo them; a connection that already has them is not asked
 * again.
 */
class ScopedDriver implements Driver {
  readonly #inner: Driver;
  readonly #options: ScopedDialectOptions;
  /** What each connection was last set to: `scope:organization`; absent before its role was set. */
  readonly #applied = new WeakMap<DatabaseConnection, string>();
  /** The key the settings are sealed with, read once (`keyFor`). */
  #key: string | undefined;
  /** The inner connection behind each one lent out. */
  readonly #lent = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #mutex: Mutex | undefined;
  readonly #unlocks = new Map<DatabaseConnection, () => void>();

  constructor(inner: Driver, options: ScopedDialectOptions) {
    this.#inner = inner;
    this.#options = options;
    this.#mutex = options.singleConnection ? new Mutex() : undefined;
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const unlock = await this.#mutex?.lock();
    try {
      const connection = await this.#inner.acquireConnection(options);
      if (unlock) this.#unlocks.set(connection, unlock);
      try {
        return await this.#scoped(connection, currentScope(this.#options.fallbackScope));
      } catch (error) {
        await this.releaseConnection(connection);
        throw error;
      }
    } catch (error) {
      unlock?.();
      throw error;
    }
  }

  async #keyFor(connection: DatabaseConnection): Promise<string> {
    if (this.#key !== undefined) return this.#key;
    if (this.#options.scopeKey) this.#key = await this.#options.scopeKey();
    // Still the owner: SET ROLE comes after.
    else if (this.#options.role) this.#key = await readScopeKey(connection);
    else this.#key = '';
    return this.#key;
  }

  /**
   * `connection` as lent to its caller: when its settings differ from `scope`, they are sent just
   * before the caller's first statement (or `begin`); a connection that is acquired and released
   * without one costs nothing.
   */
  async #scoped(connection: DatabaseConnection, scope: TenantScope): Promise<DatabaseConnection> {
    const settings = scopeSettings(scope);
    const wanted = `${settings.scope}:${settings.organizationId}`;
    const applied = this.#applied.get(connection);
    const key = this.#key ?? (await this.#keyFor(connection));
    if (applied === undefined && this.#options.role) {
      await connection.executeQuery(CompiledQuery.raw(`set role ${this.#options.role}`));
    }
    const pending =
      applied === wanted
        ? undefined
        : { ...SET_SCOPE, parameters: [settings.organizationId, settings.scope, key] };
    // Forgotten first: should the settings fail, the next acquisition sends them again.
    this.#applied.delete(connection);
    const lent = new LentConnection(connection, pending, () => this.#applied.set(connection, wanted));
    this.#lent.set(lent, connection);
    return lent;
  }

  /** The driver's own connection behind a lent one (drivers call private methods on theirs). */
  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#lent.get(connection) ?? connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // Before `begin`: set inside the transaction, a rollback would undo them.
    if (connection instanceof LentConnection) await connection.settle();
    await this.#inner.beginTransaction(this.#unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(this.#unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(this.#unwrap(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint?.(this.#unwrap(connection), name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(this.#unwrap(connection), name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(this.#unwrap(connection), name, compileQuery);
  }

  async releaseConnection(lent: DatabaseConnection): Promise<void> {
    const connection = this.#lent.get(lent) ?? lent;
    this.#lent.delete(lent);
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      const unlock = this.#unlocks.get(connection);
      this.#unlocks.delete(connection);
      unlock?.();
    }
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}

/**
 * A pooled connection as lent for one use: the scope's settings, when they must change, go with its
 * first statement (or `begin`) rather than at acquisition, and every statement is reported to
 * db/written-tables.ts (what it writes may change who a caller is).
 */
class LentConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  #pending: CompiledQuery | undefined;
  readonly #applied: () => void;

  constructor(inner: DatabaseConnection, pending: CompiledQuery | undefined, applied: () => void) {
    this.#inner = inner;
    this.#pending = pending;
    this.#applied = applied;
    if (!pending) applied();
  }

  /** Awaited before the statement is sent: a statement must never run in the connection's previous scope. */
  async settle(): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    await this.#inner.executeQuery(pending);
    this.#applied();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await this.settle();
    noteStatement(compiledQuery.sql);
    try {
      return await this.#inner.executeQuery<R>(compiledQuery);
    } finally {
      // Again once it ran: a caller that read the old rows meanwhile must not keep them.
      noteStatement(compiledQuery.sql);
    }
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    await this.settle();
    noteStatement(compiledQuery.sql);
    yield* this.#inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** `inner` with the tenant scope (and, given, the role) applied to every connection it lends. */
export function scopedDialect(inner: Dialect, options: ScopedDialectOptions = {}): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ScopedDriver(inner.createDriver(), options),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
