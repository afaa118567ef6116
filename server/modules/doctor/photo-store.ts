import path from 'node:path';
import {
  copyAtomically,
  MEDIA_HASH,
  mediaFile,
  mediaHash,
  readIfPresent,
  writeAtomically,
} from '../../media/store';

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
export const PHOTO_HASH = MEDIA_HASH;

export function createPhotoStore(dir: string): PhotoStore {
  const at = (folder: 'pending' | 'public', hash: string) => mediaFile(dir, folder, hash);
  return {
    async savePending(data) {
      const hash = mediaHash(data);
      await writeAtomically(at('pending', hash), data);
      return hash;
    },
    pending: (hash) => readIfPresent(at('pending', hash)),
    publish: (hash) => copyAtomically(at('pending', hash), at('public', hash)),
    published: (hash) => readIfPresent(at('public', hash)),
  };
}

/** Beside the review documents' folder: DATA_DIR/doctor-photos in production. */
export const doctorPhotosDir = (uploadsDir: string) => path.join(path.dirname(uploadsDir), 'doctor-photos');
