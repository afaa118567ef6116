import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Doctors' photos on disk (DATA_DIR/doctor-photos), named by the hash of their re-encoded bytes.
 * A photo sent for moderation is kept under `pending/`, which is never served publicly (only to
 * its doctor, his clinics and staff, through a checked call); approving it copies it to
 * `public/`, the only folder `/media/doctors/{hash}.webp` reads. The same bytes always get the
 * same name, so a public photo's address never changes content and is cached for a year.
 */
export interface PhotoStore {
  /** Keeps re-encoded bytes as pending; answers their hash. */
  savePending(data: Buffer): Promise<string>;
  pending(hash: string): Promise<Buffer | null>;
  /** Copies a pending photo to the public folder (nothing when it is already there). */
  publish(hash: string): Promise<void>;
  published(hash: string): Promise<Buffer | null>;
}

/** A photo's name: the first 32 hex digits of the SHA-256 of its bytes. */
export const PHOTO_HASH = /^[0-9a-f]{32}$/;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** Writes through a temporary name and a rename: a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

export function createPhotoStore(dir: string): PhotoStore {
  const at = (folder: 'pending' | 'public', hash: string) => {
    if (!PHOTO_HASH.test(hash)) throw new Error(`bad photo hash ${hash}`);
    return path.join(dir, folder, hash.slice(0, 2), `${hash}.webp`);
  };
  return {
    async savePending(data) {
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
      await writeAtomically(at('pending', hash), data);
      return hash;
    },
    pending: (hash) => readIfPresent(at('pending', hash)),
    async publish(hash) {
      const target = at('public', hash);
      if (await readIfPresent(target)) return;
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(at('pending', hash), temp);
      await rename(temp, target);
    },
    published: (hash) => readIfPresent(at('public', hash)),
  };
}

/** Beside the review documents' folder: DATA_DIR/doctor-photos in production. */
export const doctorPhotosDir = (uploadsDir: string) => path.join(path.dirname(uploadsDir), 'doctor-photos');
