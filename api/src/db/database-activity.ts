import type { LogEvent } from 'kysely';

/** A connection pool's state: pg.Pool's own counters. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const statementListeners = new Set<(seconds: number) => void>();
const pools = new Map<string, () => PoolStats>();

/** Calls `listener` with each statement's duration in seconds; returns the unsubscription. */
export function onStatement(listener: (seconds: number) => void): () => void {
  statementListeners.add(listener);
  return () => statementListeners.delete(listener);
}

/** Kysely's `log`: every statement of the databases given it, failed ones included. */
export function reportStatement(event: LogEvent): void {
  for (const listener of statementListeners) listener(event.queryDurationMillis / 1000);
}

/** Makes a pool's state readable by `poolStates` (a pool opened again under the name replaces it). */
export function watchPool(name: string, stats: () => PoolStats): void {
  pools.set(name, stats);
}

/** Every watched pool of this process, by name. */
export function poolStates(): Array<[name: string, stats: PoolStats]> {
  return [...pools].map(([name, stats]) => [name, stats()]);
}
