import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { AccessAuditTable, Database } from '../db/schema';
import { currentScope, runInScope, type TenantScope } from '../db/tenant-scope';

export type AccessAuditRow = Insertable<AccessAuditTable>;

/**
 * How each column an entry sets travels in a batch's JSON. `details` is already JSON text: it goes
 * as a string and becomes `jsonb` in the insert.
 */
const ENTRY_COLUMNS = {
  organization_id: 'integer',
  actor_user_id: 'integer',
  actor_role: 'text',
  actor_organization_id: 'integer',
  operation: 'text',
  patient_ids: 'integer[]',
  resource_type: 'text',
  resource_ids: 'text[]',
  details: 'text',
  row_count: 'integer',
  ip: 'text',
  user_agent: 'text',
  request_id: 'text',
} as const satisfies Record<keyof AccessAuditRow, string>;

/** An unset column takes the table's default, as it would in an insert that leaves it out. */
const selectedValue = (column: keyof AccessAuditRow): string => {
  if (column === 'details') return 'entry.details::jsonb';
  if (column === 'patient_ids' || column === 'resource_ids') return `coalesce(entry.${column}, '{}')`;
  return `entry.${column}`;
};

/**
 * One text for a batch of any size, so that it is prepared once per connection (db/prepared-
 * statements.ts) instead of once per batch size, each size taking one of the process's bounded
 * names; the entries go as one JSON array.
 */
const INSERT_ENTRIES = (() => {
  const columns = Object.keys(ENTRY_COLUMNS) as (keyof AccessAuditRow)[];
  return (
    `insert into "access_audit" (${columns.join(', ')}) ` +
    `select ${columns.map(selectedValue).join(', ')} ` +
    `from jsonb_to_recordset($1::jsonb) as entry(${columns.map((column) => `${column} ${ENTRY_COLUMNS[column]}`).join(', ')})`
  );
})();

/** Enough for any burst, few enough that one insert, and the requests waiting on it, stay short. */
const MOST_ENTRIES_PER_INSERT = 500;

interface Waiting {
  row: AccessAuditRow;
  stored: () => void;
  failed: (error: unknown) => void;
}

interface Queue {
  scope: TenantScope;
  waiting: Waiting[];
}

const scopeKey = (scope: TenantScope) =>
  scope.kind === 'tenant' ? `tenant:${scope.organizationId}` : scope.kind;

/**
 * The entries of one database's trail, written in groups (ADR 421): while an insert of a scope's
 * entries is on its way, the entries that arrive meanwhile wait and go together in the next one,
 * one statement and one commit for all. The first entry after a quiet moment is written at once.
 * A caller's promise settles only when the insert holding its entry is committed, or rejects with
 * that insert's error, so no read leaves the server before its entry is stored (ADR 415).
 */
export class AccessEntryBatches {
  readonly #queues = new Map<string, Queue>();

  constructor(private readonly db: Kysely<Database>) {}

  write(row: AccessAuditRow): Promise<void> {
    const scope = currentScope();
    // Outside any scope the database applies its own fallback: nothing to group by.
    if (scope.kind === 'none') return this.#insert([row]);
    const key = scopeKey(scope);
    let queue = this.#queues.get(key);
    const idle = !queue;
    if (!queue) {
      queue = { scope, waiting: [] };
      this.#queues.set(key, queue);
    }
    const written = new Promise<void>((stored, failed) => queue.waiting.push({ row, stored, failed }));
    if (idle) void this.#drain(key, queue);
    return written;
  }

  async #drain(key: string, queue: Queue): Promise<void> {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MOST_ENTRIES_PER_INSERT);
      try {
        await runInScope({ scope: queue.scope }, () => this.#insert(batch.map(({ row }) => row)));
        for (const { stored } of batch) stored();
      } catch (error) {
        for (const { failed } of batch) failed(error);
      }
    }
    this.#queues.delete(key);
  }

  async #insert(rows: AccessAuditRow[]): Promise<void> {
    await this.db.executeQuery(CompiledQuery.raw(INSERT_ENTRIES, [JSON.stringify(rows)]));
  }
}
