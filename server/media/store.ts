import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Images on disk named by the hash of their bytes, `{dir}/{folder}/{ab}/{hash}.webp`. The same
 * bytes always get the same name, so a public address never changes content and may be cached
 * for a year. The doctors' photos (server/modules/doctor/photo-store.ts) and the clinics' media
 * are folders of such stores.
 */

/** An image's name: the first 32 hex digits of the SHA-256 of its bytes. */
export const MEDIA_HASH = /^[0-9a-f]{32}$/;

export const mediaHash = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32);

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** A temporary name of its own: two saves of the same bytes at once must not share one. */
const tempOf = (file: string) => `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;

/** Writes through a temporary name and a rename: a reader never sees half a file. */
export async function writeAtomically(file: string, data: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempOf(file);
  await writeFile(temp, data);
  await rename(temp, file);
}

/** Copies a file the same way (nothing when the target is already there). */
export async function copyAtomically(from: string, to: string) {
  if (await readIfPresent(to)) return;
  await mkdir(path.dirname(to), { recursive: true });
  const temp = tempOf(to);
  await copyFile(from, temp);
  await rename(temp, to);
}

/** Where an image of `folder` lives; refuses anything but a hash as a name. */
export function mediaFile(dir: string, folder: string, hash: string) {
  if (!MEDIA_HASH.test(hash)) throw new Error(`bad media hash ${hash}`);
  return path.join(dir, folder, hash.slice(0, 2), `${hash}.webp`);
}

/** The name of a public image in its address, `{hash}.webp` → the hash (null for anything else). */
export const hashOfMediaName = (name: string) => /^([0-9a-f]{32})\.webp$/.exec(name)?.[1] ?? null;
