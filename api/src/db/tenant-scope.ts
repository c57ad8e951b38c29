import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database lets a query see (the row-level security policies of migration 0018
 * read it from the connection's `app.scope` and `app.organization_id` settings):
 * - `tenant`: one organization's rows only;
 * - `platform`: a platform administrator signed in without an organization: the rows that
 *   belong to no organization (the platform's own accounts), nothing of any tenant;
 * - `system`: every row — work that is cross-tenant by nature (logins by e-mail, registration,
 *   the super-admin panel, background jobs, migrations and the seed);
 * - `none`: no tenant row at all; what code outside any scope gets.
 */
export type TenantScope =
  { kind: 'tenant'; organizationId: number } | { kind: 'platform' } | { kind: 'system' } | { kind: 'none' };

/** The current scope's holder; a request's is filled in by its access check (auth/request-scope.ts). */
export interface ScopeHolder {
  scope: TenantScope;
}

const storage = new AsyncLocalStorage<ScopeHolder>();

export const NO_SCOPE: TenantScope = { kind: 'none' };
const SYSTEM: TenantScope = { kind: 'system' };

/** The scope the code running now is in, or `fallback` outside any. */
export function currentScope(fallback: TenantScope = NO_SCOPE): TenantScope {
  return storage.getStore()?.scope ?? fallback;
}

/** Runs `fn` (and everything it starts: promises, timers) under `holder`'s scope. */
export function runInScope<T>(holder: ScopeHolder, fn: () => T): T {
  return storage.run(holder, fn);
}

/** Runs `fn` where every tenant's rows are visible: jobs, delivery, migrations, the seed, the CLI. */
export function runAsSystem<T>(fn: () => T): T {
  return storage.run({ scope: SYSTEM }, fn);
}

/**
 * `fn` bound to the scope current now. For work resumed from elsewhere, such as a stream pulled by
 * the socket it is written to, whose callbacks run in the socket's context, not the request's.
 */
export function bindToCurrentScope<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return AsyncLocalStorage.bind(fn);
}

/** An async iterable whose every step runs in the scope current when it was made. */
export function iterateInCurrentScope<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  const iterator = source[Symbol.asyncIterator]();
  const next = bindToCurrentScope(() => iterator.next());
  const finish = bindToCurrentScope(
    async (): Promise<IteratorResult<T>> => (await iterator.return?.()) ?? { done: true, value: undefined },
  );
  return {
    [Symbol.asyncIterator]: () => ({ next, return: finish }),
  };
}

/** The `app.scope` / `app.organization_id` settings that carry `scope` to the database. */
export function scopeSettings(scope: TenantScope): { scope: string; organizationId: string } {
  return {
    scope: scope.kind,
    organizationId: scope.kind === 'tenant' ? String(scope.organizationId) : '',
  };
}
