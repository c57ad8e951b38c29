import * as z from 'zod/mini';
import { REQUIRED_MESSAGE } from './auth';
import { newPassword, PASSWORD_MISMATCH_MESSAGE } from './passwords';
import { CAPTCHA_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, REGISTRATION_EMAIL_PATTERN } from './registration';
import { remoteName, remoteVersion } from './remotes';

/** The super-admin panel (`/admin-panel`): its registration form, logs, outbox and remote console. */

export const ORGANIZATION_CREATED_MESSAGE = 'Organizacja została założona';
/** How long the panel shows the success message before the form is ready again (spec §4). */
export const ORGANIZATION_CREATED_TIMEOUT_MS = 3000;

const POLISH_DIACRITICS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

/** The panel's address rule (spec §5): the standard pattern, and no Polish diacritics. */
function isAdminFormEmail(value: string): boolean {
  return REGISTRATION_EMAIL_PATTERN.test(value) && !POLISH_DIACRITICS.test(value);
}

/**
 * The panel's organization registration. It is sent as `POST /api/organizations/register`
 * (`toRegisterOrganizationBody` of ./registration), the one creation call of the specification.
 */
export const adminRegistrationForm = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
    mail: z.string().check(
      z.trim(),
      z.minLength(1, REQUIRED_MESSAGE),
      z.refine((value) => value === '' || isAdminFormEmail(value), INVALID_EMAIL_MESSAGE),
    ),
    password: newPassword,
    repeatPassword: z.string(),
    captcha: z.string().check(z.minLength(1, CAPTCHA_REQUIRED_MESSAGE)),
  })
  .check(
    z.refine((value) => value.password === value.repeatPassword, {
      message: PASSWORD_MISMATCH_MESSAGE,
      path: ['repeatPassword'],
    }),
  );
export type AdminRegistrationForm = z.infer<typeof adminRegistrationForm>;

/** `GET /api/admin/logs` answers 404 with it before anything was logged. */
export const NO_LOGS_MESSAGE = 'Serwer nie zapisał jeszcze żadnych logów.';

/** `GET /api/admin/logs` names its attachment after the day it was taken. */
export function logsFileName(date: Date): string {
  return `formularze-logs-${date.toISOString().slice(0, 10)}.log.gz`;
}

export const OUTBOX_STATUSES = ['waiting', 'sent'] as const;
export const outboxStatus = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatus>;
export const OUTBOX_PAGE_SIZE = 20;

/** `GET /api/admin/outbox?status=&page=`: without a status, every message; pages count from 0. */
export const outboxQuery = z.object({
  status: z.optional(outboxStatus),
  page: z._default(z.coerce.number().check(z.int(), z.nonnegative(), z.maximum(100_000)), 0),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

/**
 * A message as the platform operator sees it. The body is left out: it may hold a password-reset
 * link, which only its recipient may ever see.
 */
export const outboxMessage = z.object({
  id: z.number(),
  recipient: z.string(),
  channel: z.enum(['mail', 'sms']),
  subject: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  /** Null for a waiting message: the worker gave up, or has no transport for its channel. */
  nextAttemptAt: z.nullable(z.string()),
  /**
   * The text of a message held that way (no SMTP_URL, no SMS provider, or given up on), for the
   * operator to pass on by hand: the one place it is shown, never the log. Null for the others.
   */
  body: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxPage = z.object({
  messages: z.array(outboxMessage),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OutboxPage = z.infer<typeof outboxPage>;

/** A version as a browser reports it: the registry's format, bounded. */
const reportedVersion = remoteVersion.check(z.maxLength(100));

/** `POST /api/remotes/fallback-events`: a page loaded `to` because `from`, the active version, failed. */
export const fallbackEventReport = z.object({
  remote: remoteName,
  from: reportedVersion,
  to: reportedVersion,
});
export type FallbackEventReport = z.infer<typeof fallbackEventReport>;

export const fallbackEvent = z.object({
  id: z.number(),
  remote: remoteName,
  fromVersion: z.string(),
  toVersion: z.string(),
  userAgent: z.nullable(z.string()),
  occurredAt: z.string(),
});
export type FallbackEvent = z.infer<typeof fallbackEvent>;

/** `GET /api/remotes/fallback-events`: the most recent first. */
export const fallbackEvents = z.array(fallbackEvent);
export const FALLBACK_EVENTS_LISTED = 100;
