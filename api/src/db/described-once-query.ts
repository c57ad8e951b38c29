import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
/** How pg turns a parameter into its wire text (dates, arrays, buffers, `toPostgres`), as its own Query does. */
const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/**
 * What pg's Result derives from a statement's row description: the fields, each field's parser and
 * the empty row every parsed row starts from. A named statement's result type never changes on its
 * connection (the server refuses "cached plan must not change result type" instead), so this is
 * worked out at its first execution and reused.
 */
interface ResultShape {
  fields: pg.FieldDef[];
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: Record<string, null>;
}

/** The parts of pg's Query and Result (lib/query.js, lib/result.js) this class works with. */
interface QueryInternals {
  name?: string;
  portal: string;
  values?: unknown[];
  binary?: boolean;
  rows?: number;
  callback?: unknown;
  _result: ResultShape;
  _accumulateRows: boolean;
  _checkForMultirow(): void;
  handleError(error: Error, connection: Connection): void;
  listeners(event: string): unknown[];
}

interface Connection {
  bind(config: object): void;
  execute(config: object): void;
  sync(): void;
}

/** A statement that returns no rows (an insert without `returning`): the server answers NoData. */
const NO_ROWS: ResultShape = { fields: [] };

/** The shapes of the named statements that ran on one connection. */
export type KnownShapes = Map<string, ResultShape>;

/** A named statement with its parameters, and what receives its result. */
export interface NamedQueryConfig {
  name: string;
  text: string;
  values: unknown[];
  callback: (error: Error | null, result?: unknown) => void;
}

const BaseQuery = pg.Query as unknown as new (config: NamedQueryConfig) => object;

/**
 * A named prepared statement that asks the server to describe its rows only the first time it runs
 * on a connection. pg's own Query sends Describe at every execution and rebuilds each column's parser
 * from the answer: a tenth of the API's CPU on a results page of 30 columns (bench/README.md).
 * Later executions send Bind, Execute and Sync, and parse their rows with the shape kept.
 */
export class DescribedOnceQuery extends BaseQuery {
  readonly #known: KnownShapes;
  #described = false;

  constructor(config: NamedQueryConfig, known: KnownShapes) {
    super(config);
    this.#known = known;
  }

  /** This query as pg's own Query sees it. */
  get #self(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  prepare(connection: Connection): void {
    const self = this.#self;
    const shape = this.#known.get(self.name!);
    if (!shape) {
      (BaseQuery.prototype as { prepare(connection: Connection): void }).prepare.call(this, connection);
      return;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As pg's own: a value that cannot be sent fails the query and leaves the connection usable.
      connection.sync();
      self.handleError(error as Error, connection);
      return;
    }
    if (shape !== NO_ROWS) this.#useShape(shape);
    connection.execute({ portal: self.portal, rows: self.rows });
    connection.sync();
  }

  handleRowDescription(message: { fields: pg.FieldDef[] }): void {
    (BaseQuery.prototype as { handleRowDescription(message: object): void }).handleRowDescription.call(
      this,
      message,
    );
    const { fields, _parsers, _prebuiltEmptyResultObject } = this.#self._result;
    this.#known.set(this.#self.name!, {
      fields,
      _parsers,
      _prebuiltEmptyResultObject,
    });
    this.#described = true;
  }

  handleCommandComplete(message: object, connection: Connection): void {
    const { name } = this.#self;
    if (!this.#described && !this.#known.has(name!)) this.#known.set(name!, NO_ROWS);
    (
      BaseQuery.prototype as { handleCommandComplete(message: object, connection: Connection): void }
    ).handleCommandComplete.call(this, message, connection);
  }

  /** What pg's handleRowDescription does, with the fields and parsers worked out before. */
  #useShape(shape: ResultShape): void {
    const self = this.#self;
    self._checkForMultirow();
    Object.assign(self._result, shape);
    self._accumulateRows = Boolean(self.callback) || self.listeners('row').length === 0;
    this.#described = true;
  }
}
