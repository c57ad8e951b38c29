import {
  type AbortableOperationOptions,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { currentScope, scopeSettings, type TenantScope } from './tenant-scope';

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
}

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
  /** What each connection was last set to: its role, then `scope:organization`. */
  readonly #applied = new WeakMap<DatabaseConnection, string>();
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
        await this.#applyScope(connection, currentScope(this.#options.fallbackScope));
      } catch (error) {
        await this.releaseConnection(connection);
        throw error;
      }
      return connection;
    } catch (error) {
      unlock?.();
      throw error;
    }
  }

  async #applyScope(connection: DatabaseConnection, scope: TenantScope): Promise<void> {
    const settings = scopeSettings(scope);
    const wanted = `${settings.scope}:${settings.organizationId}`;
    const applied = this.#applied.get(connection);
    if (applied === wanted) return;
    if (applied === undefined && this.#options.role) {
      await connection.executeQuery(CompiledQuery.raw(`set role ${this.#options.role}`));
    }
    // Forgotten first: should the update fail half-way, the next acquisition sets both again.
    this.#applied.delete(connection);
    await connection.executeQuery(
      CompiledQuery.raw(
        "select set_config('app.organization_id', $1, false), set_config('app.scope', $2, false)",
        [settings.organizationId, settings.scope],
      ),
    );
    this.#applied.set(connection, wanted);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
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

/** `inner` with the tenant scope (and, given, the role) applied to every connection it lends. */
export function scopedDialect(inner: Dialect, options: ScopedDialectOptions = {}): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ScopedDriver(inner.createDriver(), options),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
