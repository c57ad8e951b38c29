import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { Locator, Page } from 'playwright-core';

/** One hash over every file of a folder: equal before and after means nothing in it changed. */
export function folderHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Clicks `trigger` and returns the file the click downloads: its suggested name and its bytes. */
export async function downloadedBy(
  page: Page,
  trigger: Locator,
): Promise<{ fileName: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { fileName: download.suggestedFilename(), content: await readFile((await download.path())!) };
}

/** A 1×1 PNG: the server judges uploads by their content, so it must be a real image. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A file named `name` holding `content`, for the test file's pages to attach; deleted after its tests. */
export function fileForSuite(name: string, content: string | Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-files-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
