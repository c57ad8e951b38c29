import * as z from 'zod/mini';

export const apiVersion = z.object({ version: z.string() });
export type ApiVersion = z.infer<typeof apiVersion>;

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof health>;

/**
 * `GET /api/ready`: whether this API process should get traffic (its database answers and has every
 * migration it expects), apart from whether it is alive (`/api/health`).
 */
export const readiness = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready') }),
  z.object({
    status: z.literal('not-ready'),
    reason: z.enum(['database-unreachable', 'migrations-pending']),
    /** The migrations this process expects that the database has not run. */
    pendingMigrations: z.optional(z.array(z.string())),
  }),
]);
export type Readiness = z.infer<typeof readiness>;

/** The element of index.html holding the guest's `appConfig` as JSON. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';

/** `GET /api/config`: flags that shape navigation and public screens. */
export const appConfig = z.object({
  hasAnyJoinableOrganization: z.boolean(),
  requireGlobalTosAcceptance: z.boolean(),
  hasSingleScheduledForm: z.boolean(),
  /** The form the side menu's filled-forms entry opens when `hasSingleScheduledForm`. */
  singleScheduledFormId: z.nullable(z.number()),
  /** Switch that disables the idle logout, for kiosks and demos. */
  autoLogoutEnabled: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfig>;

/** The error body every failing API call returns. */
export const apiError = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  /** Machine-readable reason the UI maps to a Polish message, e.g. `blocked`, `Email is not unique`. */
  code: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
  /** Failed logins: tries left before the account is temporarily blocked (0 when it is). */
  attemptsLeft: z.optional(z.number()),
});
export type ApiError = z.infer<typeof apiError>;

/** `GET /api/media`: help files installed under /org-media/files (manuals, instructions, the video). */
export const helpMedia = z.object({ files: z.array(z.string()) });
export type HelpMedia = z.infer<typeof helpMedia>;
