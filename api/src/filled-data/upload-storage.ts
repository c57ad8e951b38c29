import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** `<organization id>/<file id>`: nothing a client sends ever becomes part of a path. */
const STORAGE_KEY = /^\d+\/[0-9a-f-]{36}$/;

/**
 * Where the bytes of uploaded files live: `<uploads dir>/<organization id>/<file id>` (`UPLOADS_DIR`,
 * by default `<data dir>/uploads`), outside every folder the server publishes, so they leave only
 * through `serve_file` and its access check.
 */
export class UploadStorage {
  constructor(private readonly root: string) {}

  keyFor(organizationId: number, fileId: string): string {
    return `${organizationId}/${fileId}`;
  }

  pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`not an upload storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** Streams the content to a new file (never over an existing one); nothing is held in memory. */
  async write(key: string, content: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(content, createWriteStream(target, { flags: 'wx' }));
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.pathOf(key), { force: true });
  }
}
