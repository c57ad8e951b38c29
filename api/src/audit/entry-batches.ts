import type { Insertable, Kysely } from 'kysely';
import type { AccessAuditTable, Database } from '../db/schema';
import { currentScope, runInScope, type TenantScope } from '../db/tenant-scope';

export type AccessAuditRow = Insertable<AccessAuditTable>;

/** Enough for any burst, small enough to stay well below PostgreSQL's 65 535 parameters a statement. */
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
    await this.db.insertInto('access_audit').values(rows).execute();
  }
}
