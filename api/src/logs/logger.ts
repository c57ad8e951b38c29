import path from 'node:path';
import pino, { type Logger } from 'pino';
import { redactingLoggerOptions } from './log-redaction';

/** Rotate at 10 MB and keep five files in all (the current one and four rotated). */
const ROTATION = { size: '10m', limit: { count: 4, removeOtherLogFiles: true } };

/**
 * Logs go to stdout and to `logFile`, rotated by pino-roll as `<name>.<n>.log` next to it
 * (see log-files.ts, which finds them again for the super-admin panel), with secrets redacted
 * (log-redaction.ts).
 */
export function createLogger({ logFile, logLevel }: { logFile: string; logLevel: string }): Logger {
  const transport = pino.transport({
    targets: [
      { target: 'pino/file', level: logLevel, options: { destination: 1 } },
      { target: 'pino-roll', level: logLevel, options: { file: logFile, mkdir: true, ...ROTATION } },
    ],
  });
  return pino({ level: logLevel, ...redactingLoggerOptions }, transport);
}

/** The base name pino-roll numbers: `api.log` becomes `api.1.log`, `api.2.log`... */
export function rotatedLogPattern(logFile: string): RegExp {
  const { name, ext } = path.parse(logFile);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(name)}\\.(\\d+)${escape(ext || '.log')}$`);
}
