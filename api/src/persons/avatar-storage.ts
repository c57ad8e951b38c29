import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The media subfolder of avatars; left out of the help files list (media-files.ts). */
export const AVATARS_FOLDER = 'avatars';

export type AvatarType = 'png' | 'jpg' | 'webp';

/**
 * The image type by its first bytes, never by the client's name or content type: an HTML page
 * renamed to .png is not an image, and the file server would otherwise serve it from our origin.
 */
export function detectImageType(bytes: Buffer): AvatarType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Writes the avatar under a random name and returns its path relative to the media folder. */
export async function storeAvatar(mediaDir: string, bytes: Buffer, type: AvatarType): Promise<string> {
  const relative = `${AVATARS_FOLDER}/${randomBytes(16).toString('hex')}.${type}`;
  await mkdir(path.join(mediaDir, AVATARS_FOLDER), { recursive: true });
  await writeFile(path.join(mediaDir, relative), bytes, { flag: 'wx' });
  return relative;
}

/** Deletes a stored avatar; only ever a file directly inside the avatars folder. */
export async function deleteAvatar(mediaDir: string, relative: string | null): Promise<void> {
  if (!relative) return;
  const name = path.posix.basename(relative);
  if (relative !== `${AVATARS_FOLDER}/${name}` || name.startsWith('.')) return;
  await rm(path.join(mediaDir, AVATARS_FOLDER, name), { force: true });
}
