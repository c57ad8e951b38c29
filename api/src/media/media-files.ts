import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded terms and people's avatars live in the media folder too, but they are documents of
 * organizations and pictures of people, not help: never listed.
 */
const NOT_HELP = new Set(['terms', 'avatars']);

/**
 * The help files installed under `mediaDir`, as sorted `/`-separated paths relative to it. Hidden
 * files and folders are skipped, as the file server refuses them.
 */
export async function listHelpFiles(mediaDir: string): Promise<string[]> {
  await mkdir(mediaDir, { recursive: true });
  const files: string[] = [];
  async function walk(dir: string, relative: string[]) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (relative.length === 0 && NOT_HELP.has(entry.name)) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), [...relative, entry.name]);
      else if (entry.isFile()) files.push([...relative, entry.name].join('/'));
    }
  }
  await walk(mediaDir, []);
  return files.sort();
}
