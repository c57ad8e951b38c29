import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How many entries one transaction links at most, so that none holds the chains' lock for long. */
const CHAIN_BATCH = 5_000;

/**
 * Links the entries written since the last step to their organizations' chains, in the order of
 * their ids (migration 0075's `formularze_audit_chain`, as the owner), a batch per transaction
 * until none is left: a busy round's backlog is not carried into the next. Returns how many it linked.
 */
export async function chainAccessAudit(db: Kysely<Database>, batch = CHAIN_BATCH): Promise<number> {
  let linked = 0;
  for (;;) {
    const { rows } = await sql<{ chained: number }>`
      select formularze_audit_chain(${batch}::integer) as chained
    `.execute(db);
    const chained = Number(rows[0]?.chained ?? 0);
    linked += chained;
    if (chained < batch) return linked;
  }
}

/** Moves the chained entries older than `before` to the archive, hashes and all; returns how many. */
export async function archiveAccessAudit(db: Kysely<Database>, before: Date): Promise<number> {
  const { rows } = await sql<{ moved: number }>`
    select formularze_audit_archive(${before.toISOString()}::timestamptz) as moved
  `.execute(db);
  return Number(rows[0]?.moved ?? 0);
}

/** Every chained entry with its link, live and archived: the archive's rows. */
const LINKED_ENTRIES = sql`(
  select entry.*, link.chain_seq, link.prev_hash, link.hash
  from access_audit entry join access_audit_links link on link.entry_id = entry.id
  union all select * from access_audit_archive
)`;

/** How long an entry may wait for its link: many rounds of the background jobs. */
export const UNCHAINED_BOUND_MS = 10 * 60_000;

export interface ChainProblem {
  organizationId: number | null;
  entryId: number | null;
  problem: 'changed' | 'removed before' | 'newest removed' | 'left unchained';
}

export interface ChainVerification {
  /** Chained entries walked, archive included. */
  entries: number;
  problems: ChainProblem[];
}

/**
 * Walks every organization's chain, archive included: each entry's hash must be that of its values
 * and the hash before it, its number one more than the one before; the newest must be the head the
 * chaining step left; and no entry may wait unchained longer than `unchainedBound`.
 */
export async function verifyAccessAudit(
  db: Kysely<Database>,
  { now, unchainedBoundMs = UNCHAINED_BOUND_MS }: { now: Date; unchainedBoundMs?: number },
): Promise<ChainVerification> {
  // Only the broken links leave the database, with the count of all: a trail of years stays there.
  const { rows: links } = await sql<{
    organization_id: number | null;
    id: number | string | null;
    changed: boolean;
    gap: boolean;
    walked: number | string;
  }>`
    with link as (
      select organization_id, id,
        hash is distinct from formularze_audit_digest(row(entry.*)::access_audit_archive) as changed,
        prev_hash is distinct from coalesce(lag(hash) over chain, '')
          or chain_seq <> coalesce(lag(chain_seq) over chain, 0) + 1 as gap,
        chain_seq
      from ${LINKED_ENTRIES} entry
      window chain as (partition by organization_id order by chain_seq)
    )
    select organization_id, id, changed, gap, (select count(*) from link) as walked
    from link where changed or gap
    union all
    select null, null, false, false, (select count(*) from link)
    order by 1, 2
  `.execute(db);
  const problems: ChainProblem[] = [];
  for (const link of links) {
    if (link.id === null) continue;
    const entry = { organizationId: link.organization_id, entryId: Number(link.id) };
    if (link.changed) problems.push({ ...entry, problem: 'changed' });
    if (link.gap) problems.push({ ...entry, problem: 'removed before' });
  }
  const walked = Number(links[0]?.walked ?? 0);
  const { rows: heads } = await sql<{ organization_key: number }>`
    select head.organization_key from access_audit_heads head
    where not exists (
      select 1 from ${LINKED_ENTRIES} entry
      where coalesce(entry.organization_id, 0) = head.organization_key
        and entry.chain_seq = head.chain_seq and entry.hash = head.hash
    ) or exists (
      select 1 from access_audit entry join access_audit_links link on link.entry_id = entry.id
      where coalesce(entry.organization_id, 0) = head.organization_key and link.chain_seq > head.chain_seq
    )
  `.execute(db);
  for (const head of heads) {
    problems.push({
      organizationId: head.organization_key || null,
      entryId: null,
      problem: 'newest removed',
    });
  }
  const waiting = await db
    .selectFrom('access_audit')
    .select(['organization_id', 'id'])
    .where('occurred_at', '<', new Date(now.getTime() - unchainedBoundMs))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('access_audit_links as link')
            .select('link.entry_id')
            .whereRef('link.entry_id', '=', 'access_audit.id'),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  for (const entry of waiting) {
    problems.push({
      organizationId: entry.organization_id,
      entryId: Number(entry.id),
      problem: 'left unchained',
    });
  }
  return { entries: walked, problems };
}
