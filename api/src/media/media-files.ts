import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded terms and people's avatars live in the media folder too, but they are documents of
 * organizations and pictures of people, not help: never listed.
 */
const NOT_HELP = new Set(['terms', 'avatars']);

/** The entries of a folder; a folder that does not exist (no built-in help built yet) has none. */
async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The help files installed under any of `folders` (the operator's media folder and the built-in
 * help behind it), as sorted, distinct `/`-separated paths relative to their folder. Hidden files
 * and folders are skipped, as the file server refuses them.
 */
export async function listHelpFiles(folders: readonly string[]): Promise<string[]> {
  const files = new Set<string>();
  async function walk(dir: string, relative: string[]) {
    for (const entry of await entriesOf(dir)) {
      if (entry.name.startsWith('.')) continue;
      if (relative.length === 0 && NOT_HELP.has(entry.name)) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), [...relative, entry.name]);
      else if (entry.isFile()) files.add([...relative, entry.name].join('/'));
    }
  }
  for (const folder of folders) await walk(folder, []);
  return [...files].sort();
}
