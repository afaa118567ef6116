import { access } from 'node:fs/promises';
import path from 'node:path';
import { mediaFile, mediaHash, readIfPresent, writeAtomically } from '../../media/store';

/**
 * The clinics' images on disk (DATA_DIR/clinic-media): gallery photos, licence scans and
 * equipment pictures, re-encoded (server/media/image.ts) and named by the hash of their bytes.
 * A clinic's page is its own, so nothing waits for moderation: every image is public at once,
 * under `/media/clinics/{hash}.webp`, cached for a year (the same bytes, the same name).
 */
export interface ClinicMediaStore {
  /** Keeps re-encoded bytes; answers their hash. */
  save(data: Buffer): Promise<string>;
  read(hash: string): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
}

export function createClinicMediaStore(dir: string): ClinicMediaStore {
  const at = (hash: string) => mediaFile(dir, 'public', hash);
  return {
    async save(data) {
      const hash = mediaHash(data);
      await writeAtomically(at(hash), data);
      return hash;
    },
    read: (hash) => readIfPresent(at(hash)),
    async has(hash) {
      try {
        await access(at(hash));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Beside the review documents' folder: DATA_DIR/clinic-media in production. */
export const clinicMediaDir = (uploadsDir: string) => path.join(path.dirname(uploadsDir), 'clinic-media');
