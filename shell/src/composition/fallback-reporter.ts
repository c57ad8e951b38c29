import type { FallbackEventReport } from '@formularze/domain/schemas/admin';

export const FALLBACK_EVENTS_URL = '/api/remotes/fallback-events';

export type FallbackReporter = (report: FallbackEventReport) => void;

/**
 * Tells the server that this page runs a remote's last known good version, for the super-admin
 * panel. Fire and forget: `keepalive` lets it finish if the page is left, and no failure (offline,
 * 429, no fetch at all) may disturb the page, which already works on the older version.
 */
export const reportFallback: FallbackReporter = (report) => {
  try {
    fetch(FALLBACK_EVENTS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself missing or refusing the request: the report is only a courtesy.
  }
};
