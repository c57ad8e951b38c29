/**
 * Statements that may change who a signed-in caller is — their session or API key, their roles,
 * activation, organization flags, or the terms they accepted — as the database drivers of this
 * process see them go by (db/scoped-dialect.ts). The resolved-caller cache (auth/caller-cache.ts)
 * forgets what it holds on each, so a change made by this process counts at once, whatever code
 * made it; other processes hear of it through the database's notifications (migration 0041).
 */
const CALLER_WRITE =
  /^\s*(?:with\b[\s\S]*?\b)?(?:(?:update|delete\s+from)\s+"?(?:users|sessions|api_keys|organizations|terms|terms_acceptances)"?\b|insert\s+into\s+"?(?:terms|terms_acceptances)"?\b|truncate\b)/i;
/** Writes that change no caller: the minute-precision `last_seen_at` and `last_used_at` stamps. */
const STAMP_ONLY =
  /^\s*update\s+"?(?:sessions|api_keys)"?\s+set\s+"?last_(?:seen|used)_at"?\s*=\s*\$1\s+where\b/i;

const listeners = new Set<() => void>();

/** Calls `listener` whenever a statement that may change a caller runs; returns the unsubscription. */
export function onCallerWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Each statement text's verdict. The API's texts are a few hundred, most compiled once, and a
 * statement that starts with `with` is otherwise scanned whole at every execution (a results page's
 * is 2 KB); past the bound, texts are judged each time.
 */
const verdicts = new Map<string, boolean>();
const VERDICT_LIMIT = 1_000;

function changesCaller(sql: string): boolean {
  let verdict = verdicts.get(sql);
  if (verdict === undefined) {
    verdict = CALLER_WRITE.test(sql) && !STAMP_ONLY.test(sql);
    if (verdicts.size < VERDICT_LIMIT) verdicts.set(sql, verdict);
  }
  return verdict;
}

/** Tells the listeners when `sql` may change a caller. Statements start with their verb, so most leave at once. */
export function noteStatement(sql: string): void {
  if (listeners.size === 0 || sql.charCodeAt(0) === 115 /* s: select */) return;
  if (!changesCaller(sql)) return;
  for (const listener of listeners) listener();
}
