import { onCallerWrite } from '../db/written-tables';

/** How long a resolved caller is served without asking the database again, at most. */
export const CALLER_TTL_MS = 5_000;
/** Callers kept at most; the oldest go first. */
const MAX_CALLERS = 10_000;

interface Entry<T> {
  caller: T;
  userId: number;
  organizationId: number | null;
  /** `Date.now()` after which the entry is not served. */
  until: number;
}

/**
 * Callers resolved from their session token, kept for a few seconds, so that a signed-in request
 * costs no query to find out who asks. Never longer than CALLER_TTL_MS nor past the session's own
 * expiry; forgotten at once when this process writes anything that may change a caller
 * (db/written-tables.ts), and on the word of another process (`forgetUser`,
 * `forgetOrganization`, fed by the `caller_changes` notifications, auth/caller-changes.ts).
 *
 * A lookup that started before a change and ends after it must not store what it read: every
 * change moves `generation` on, and `remember` keeps only what was read in the current one. While
 * the notifications cannot be heard (`serving(false)`), nothing is served from memory.
 */
export class CallerCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;
  #serving: boolean;
  readonly #unsubscribe: () => void;

  constructor({ serving = true }: { serving?: boolean } = {}) {
    this.#serving = serving;
    this.#unsubscribe = onCallerWrite(() => this.clear());
  }

  get generation(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): T | undefined {
    if (!this.#serving) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.caller;
  }

  /** Keeps `caller` if nothing changed since `generation` was read, at the latest until `expiresAt`. */
  remember(
    key: string,
    caller: T,
    {
      generation,
      userId,
      organizationId,
      expiresAt,
    }: {
      generation: number;
      userId: number;
      organizationId: number | null;
      expiresAt: Date;
    },
    now = Date.now(),
  ): void {
    if (!this.#serving || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_CALLERS) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, {
      caller,
      userId,
      organizationId,
      until: Math.min(now + CALLER_TTL_MS, expiresAt.getTime()),
    });
  }

  forget(key: string): void {
    this.#generation += 1;
    this.#entries.delete(key);
  }

  forgetUser(userId: number): void {
    this.#forgetWhere((entry) => entry.userId === userId);
  }

  forgetOrganization(organizationId: number): void {
    this.#forgetWhere((entry) => entry.organizationId === organizationId);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Whether entries may be served: false while another process's changes could go unheard. */
  serving(serving: boolean): void {
    this.clear();
    this.#serving = serving;
  }

  close(): void {
    this.#unsubscribe();
    this.clear();
  }

  #forgetWhere(matches: (entry: Entry<T>) => boolean): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (matches(entry)) this.#entries.delete(key);
  }
}
