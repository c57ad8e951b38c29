import * as z from 'zod/mini';

export const apiVersion = z.object({ version: z.string() });
export type ApiVersion = z.infer<typeof apiVersion>;

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof health>;

/** `GET /api/config`: flags that shape navigation and public screens. */
export const appConfig = z.object({
  hasAnyJoinableOrganization: z.boolean(),
  requireGlobalTosAcceptance: z.boolean(),
  hasSingleScheduledForm: z.boolean(),
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
});
export type ApiError = z.infer<typeof apiError>;
