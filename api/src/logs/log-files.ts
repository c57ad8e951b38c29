import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { rotatedLogPattern } from './logger';

export interface LogFile {
  path: string;
  /** pino-roll's rotation number: the highest is the file being written. */
  number: number;
  size: number;
  modifiedAt: Date;
}

/** The log files of `logFile` (current one first); empty when nothing was logged yet. */
export async function listLogFiles(logFile: string): Promise<LogFile[]> {
  const dir = path.dirname(logFile);
  const pattern = rotatedLogPattern(logFile);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.flatMap((name) => {
      const match = pattern.exec(name);
      if (!match) return [];
      const file = path.join(dir, name);
      return [
        stat(file).then((info) => ({
          path: file,
          number: Number(match[1]),
          size: info.size,
          modifiedAt: info.mtime,
        })),
      ];
    }),
  );
  return files.sort((a, b) => b.number - a.number);
}

/**
 * Streams the file being written, from `start` bytes on (to follow it, pass the size read last
 * time). Null when there is no log file yet.
 */
export async function readCurrentLog(
  logFile: string,
  { start = 0 } = {},
): Promise<{ file: LogFile; stream: Readable } | null> {
  const [current] = await listLogFiles(logFile);
  if (!current) return null;
  if (start >= current.size) return { file: current, stream: Readable.from([]) };
  // Stop at the size seen now: the file keeps growing while it is read.
  return { file: current, stream: createReadStream(current.path, { start, end: current.size - 1 }) };
}
