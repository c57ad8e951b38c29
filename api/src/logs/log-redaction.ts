import pino, { type LoggerOptions } from 'pino';

const REDACTED = '[REDACTED]';

/**
 * What signs someone in or sets a password, wherever it shows in text: a reset link's token in a
 * path (`/api/auth/reset-link/<token>`, `/password-set-new/<token>`), a query parameter named like a
 * secret (`?token=`, `&resetId=`…), an API key (`fk_…`).
 */
const SECRET_PATH = /(\/(?:reset-link|password-set-new)\/)[^/?#\s"']+/gi;
const SECRET_QUERY = /([?&](?:token|resetId|key|secret|password|signature)=)[^&#\s"']*/gi;
const API_KEY = /\bfk_[\w-]{16,}/g;

/** `text` with every live secret it carries replaced by [REDACTED]. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(API_KEY, `fk_${REDACTED}`);
}

/** Strings of a plain log object (and of the plain objects and arrays in it), redacted. */
function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, depth + 1)]));
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Every log line of the server goes through these: fields that hold secrets are censored by name
 * (pino's `redact`), request URLs by the request serializer, and any other text — messages, errors,
 * the values of logged objects — by `redactSecrets`. A log can be downloaded from the super-admin
 * panel, shipped elsewhere and kept for months: nothing in it may sign anyone in.
 */
export const redactingLoggerOptions: Pick<LoggerOptions, 'redact' | 'serializers' | 'formatters' | 'hooks'> =
  {
    redact: {
      paths: [
        'req.headers["x-auth-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'token',
        'body',
        '*.token',
        '*.body',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => redactDeep(pino.stdSerializers.err(error)),
    },
    formatters: { log: (object) => redactDeep(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg: unknown) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<
            typeof method
          >,
        );
      },
    },
  };
