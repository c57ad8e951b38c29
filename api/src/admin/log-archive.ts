import { createReadStream } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { listLogFiles, type LogFile } from '../logs/log-files';

/** At most this many bytes of log go into one download (before compression): the latest ones. */
export const LOG_DOWNLOAD_CAP_BYTES = 50 * 1024 * 1024;

/**
 * The files of the latest `capBytes` of log, oldest first: the file being written always, then
 * rotated ones, newest first, while they fit. Each file is read up to the size seen now, so a file
 * that grows while it is read cannot push the download over the cap.
 */
export function filesWithinCap(files: readonly LogFile[], capBytes: number): LogFile[] {
  const [current, ...rotated] = files;
  if (!current) return [];
  const chosen = [current];
  let total = current.size;
  for (const file of rotated) {
    if (total + file.size > capBytes) break;
    chosen.push(file);
    total += file.size;
  }
  return chosen.reverse();
}

async function* concatenated(files: readonly LogFile[]): AsyncGenerator<Buffer> {
  for (const file of files) {
    if (file.size === 0) continue;
    try {
      yield* createReadStream(file.path, { start: 0, end: file.size - 1 });
    } catch (error) {
      // The oldest file may be removed by rotation between listing and reading: skip it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * The server's recent logs as one gzip stream (newline-delimited pino JSON, chronological), or
 * null when nothing was logged yet. Read file by file with backpressure, never buffered whole.
 */
export async function recentLogsArchive(
  logFile: string,
  capBytes: number = LOG_DOWNLOAD_CAP_BYTES,
): Promise<Readable | null> {
  const files = filesWithinCap(await listLogFiles(logFile), capBytes);
  if (files.length === 0) return null;
  // A failed read destroys the gzip stream with its error, which ends the response (no callback needed).
  return pipeline(Readable.from(concatenated(files)), createGzip(), () => undefined);
}
