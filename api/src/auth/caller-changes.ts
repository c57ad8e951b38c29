import { CALLER_CHANGES_CHANNEL } from '../db/migrations/0041_caller_changes';
import {
  listenForNotifications,
  type NotificationListener,
  type NotificationListenerLogger,
} from '../db/notification-listener';
import type { CallerCache } from './caller-cache';

/** Pause before the listening connection is opened again after it was lost. */
const RECONNECT_DELAY_MS = 500;

export type CallerChangesLogger = NotificationListenerLogger;

const NOTIFICATION = /^(user|organization):(\d+)$/;

/**
 * Hears the `caller_changes` notifications (migration 0041) of every process on one PostgreSQL
 * database and makes `cache` forget the callers they name: a change committed anywhere is heard
 * within milliseconds. While the listening connection is down the cache serves nothing (every
 * request asks the database), so no change can go unheard; it serves again once listening resumes.
 * Resolves once listening, so that no request is served from memory before.
 */
export async function listenForCallerChanges(
  cache: CallerCache<unknown>,
  { connectionString, logger }: { connectionString: string; logger: CallerChangesLogger },
): Promise<NotificationListener> {
  cache.serving(false);
  return listenForNotifications({
    connectionString,
    channel: CALLER_CHANGES_CHANNEL,
    name: 'caller changes',
    logger,
    reconnectDelayMs: RECONNECT_DELAY_MS,
    onNotification: (payload) => {
      const match = NOTIFICATION.exec(payload ?? '');
      if (!match) return cache.clear();
      if (match[1] === 'user') cache.forgetUser(Number(match[2]));
      else cache.forgetOrganization(Number(match[2]));
    },
    onListening: (listening) => cache.serving(listening),
  });
}
