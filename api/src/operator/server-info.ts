import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * `DATA_DIR/server.json`: how the operator CLI finds the running server and proves it may use the
 * operator API. Readable by the server's user only; removed on a clean shutdown.
 */
export const serverInfo = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().positive(),
  token: z.string().min(32),
  startedAt: z.string(),
});
export type ServerInfo = z.infer<typeof serverInfo>;

const infoPath = (dataDir: string) => path.join(dataDir, 'server.json');

export async function writeServerInfo(dataDir: string, info: ServerInfo): Promise<void> {
  await writeFile(infoPath(dataDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
}

/** The recorded server, or null when there is none (or the file is unreadable). */
export async function readServerInfo(dataDir: string): Promise<ServerInfo | null> {
  try {
    return serverInfo.parse(JSON.parse(await readFile(infoPath(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

export async function removeServerInfo(dataDir: string): Promise<void> {
  await rm(infoPath(dataDir), { force: true });
}

/** Whether `pid` is a live process (signal 0 only checks). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
