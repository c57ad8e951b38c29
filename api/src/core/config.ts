import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import apiPackage from '../../package.json' with { type: 'json' };

/** npm runs workspace scripts from `api/`, so relative and default paths are anchored to the repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Unset and empty variables both mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Fastify's `trustProxy`: every proxy, none, or the proxies' addresses (CIDR allowed). */
export type TrustProxy = boolean | string[];

/** `true`, `false` or a comma-separated list of addresses (`10.0.0.1,192.168.0.0/16`). */
function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return trimmed
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  APP_DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(100)),
  DEPLOYMENTS_DIR: optional(z.string()),
  MEDIA_DIR: optional(z.string()),
  BUILT_IN_HELP_DIR: optional(z.string()),
  UPLOADS_DIR: optional(z.string()),
  SHELL_DIST: optional(z.string()),
  SHELL_ORIGIN: optional(z.url().transform((url) => new URL(url).origin)),
  REMOTES_BASE_URL: optional(
    z.string().regex(/^(\/|https?:\/\/)/, 'expected an origin path or an http(s) URL'),
  ),
  SEED_DEMO: optional(z.stringbool()),
  DEMO_PASSWORD: optional(z.string().min(8)),
  AUTO_LOGOUT: optional(z.stringbool()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  LOG_FILE: optional(z.string()),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string().min(3)),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)),
  CAPTCHA_HMAC_KEY: optional(z.string().min(32, 'at least 32 characters')),
  API_KEY_ENCRYPTION_KEY: optional(
    z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hexadecimal characters (a 256-bit key)'),
  ),
  JOBS_INTERVAL_MS: optional(z.coerce.number().int().min(100).max(3_600_000)),
  AUDIT_RETENTION_YEARS: optional(z.coerce.number().int().min(1).max(100)),
  TRUST_PROXY: optional(z.string().transform(parseTrustProxy)),
  WEBHOOK_INTERNAL_NETWORKS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((network) => network.trim())
          .filter(Boolean),
      )
      .refine((networks) => networks.every((network) => ipaddr.isValidCIDR(network)), {
        message: 'expected comma-separated networks in CIDR notation (10.0.0.0/8,fd00::/8)',
      }),
  ),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; without it the data lives in an embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * The same database as the runtime role (formularze_app); unset: `databaseUrl` then `SET ROLE`.
   * `databaseUrl` stays the owner's, for migrations and the seed.
   */
  appDatabaseUrl: string | undefined;
  /** Connections of each of the process's PostgreSQL pools; unset: db/database.ts's default. */
  databasePoolSize: number | undefined;
  deploymentsDir: string;
  /** Help files (manuals, instructions, video) and uploaded terms, served at /org-media/files. */
  mediaDir: string;
  /**
   * The product's own help files (manuals and instructions built by `npm run help:build`, the
   * video), served behind `mediaDir`: a file the operator installs there takes precedence.
   */
  builtInHelpDir: string;
  /** Files attached to answers; a folder every API process of one database shares. */
  uploadsDir: string;
  shellDist: string;
  /** Origin allowed to fetch remotes cross-origin; unset when the shell and remotes share an origin. */
  shellOrigin: string | undefined;
  /** Where deployed remotes are served from: `/deployments` on this server, or a CDN URL. */
  remotesBaseUrl: string;
  seedDemo: boolean;
  demoPassword: string;
  autoLogout: boolean;
  logLevel: string;
  logFile: string;
  appVersion: string;
  /** Mail server for the outbox (`smtp://user:pass@host:587`); unset: messages are only logged. */
  smtpUrl: string | undefined;
  /** Sender of the outbox's mail. */
  mailFrom: string;
  /**
   * Origin put in links sent to users; unset: this machine's server (`linkOrigin`), allowed only
   * when it listens on loopback (`listenRefusal`). Never the request's Host: a client names that.
   */
  publicUrl: string | undefined;
  /** Signs captcha challenges; unset: a random key kept in `dataDir` (captcha/captcha-key.ts). */
  captchaHmacKey: string | undefined;
  /** AES-256 key (64 hex characters) encrypting API keys at rest; unset: a random key kept in `dataDir` (core/encryption-key.ts). */
  apiKeyEncryptionKey: string | undefined;
  /** Pause between rounds of the background jobs (MISSED slots, fill reminders, webhooks). */
  jobsIntervalMs: number;
  /** How long the access audit trail keeps its entries before they move to its archive (ADR 415). */
  auditRetentionYears: number;
  /** Which proxies' X-Forwarded-* headers decide the client's address and protocol (HSTS over TLS). */
  trustProxy: TrustProxy;
  /**
   * Networks (CIDR) a webhook receiver may be in although they are not public: loopback, private
   * and link-local addresses are refused otherwise, at save and at each call (jobs/webhook-address.ts).
   */
  webhookInternalNetworks: string[];
  /** Redis shared by the API processes for rate limits; unset: each process counts on its own. */
  redisUrl: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const vars = parsed.data;
  const fromRoot = (value: string | undefined, fallback: string) =>
    path.resolve(REPO_ROOT, value ?? fallback);
  const dataDir = fromRoot(vars.DATA_DIR, 'data');
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    appDatabaseUrl: vars.APP_DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    deploymentsDir: fromRoot(vars.DEPLOYMENTS_DIR, 'deployments'),
    mediaDir: fromRoot(vars.MEDIA_DIR, 'media'),
    builtInHelpDir: fromRoot(vars.BUILT_IN_HELP_DIR, 'help/dist'),
    uploadsDir: vars.UPLOADS_DIR ? path.resolve(REPO_ROOT, vars.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    shellDist: fromRoot(vars.SHELL_DIST, 'shell/dist'),
    shellOrigin: vars.SHELL_ORIGIN,
    remotesBaseUrl: (vars.REMOTES_BASE_URL ?? '/deployments').replace(/\/+$/, ''),
    seedDemo: vars.SEED_DEMO ?? true,
    demoPassword: vars.DEMO_PASSWORD ?? 'Demo@2026x',
    autoLogout: vars.AUTO_LOGOUT ?? true,
    logLevel: vars.LOG_LEVEL ?? 'info',
    logFile: vars.LOG_FILE ? path.resolve(REPO_ROOT, vars.LOG_FILE) : path.join(dataDir, 'logs', 'api.log'),
    appVersion: apiPackage.version,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Formularze <no-reply@localhost>',
    publicUrl: vars.PUBLIC_URL,
    captchaHmacKey: vars.CAPTCHA_HMAC_KEY,
    apiKeyEncryptionKey: vars.API_KEY_ENCRYPTION_KEY?.toLowerCase(),
    jobsIntervalMs: vars.JOBS_INTERVAL_MS ?? 30_000,
    auditRetentionYears: vars.AUDIT_RETENTION_YEARS ?? 5,
    trustProxy: vars.TRUST_PROXY ?? false,
    webhookInternalNetworks: vars.WEBHOOK_INTERNAL_NETWORKS ?? [],
    redisUrl: vars.REDIS_URL,
  };
}

/** `localhost` or an address of 127.0.0.0/8 or ::1: nobody on another machine can reach the server. */
function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** The origin of every link the server sends: `PUBLIC_URL`, or this machine's server. */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Why the server must not start: reachable from other machines, it would not know its own address. */
export function listenRefusal(config: Pick<Config, 'publicUrl' | 'host'>): string | undefined {
  if (config.publicUrl || isLoopbackHost(config.host)) return undefined;
  return `PUBLIC_URL is required when HOST (${config.host}) is not a loopback address: links sent to users are built from it (e.g. PUBLIC_URL=https://formularze.example.pl).`;
}
