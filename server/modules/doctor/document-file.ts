import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_FILE, DOCUMENT_LIMITS, DOCUMENT_TEXTS, isPdf } from '../../../core/doctor/document-scans';
import { badRequest } from '../../http/errors';
import { reencodeImage } from '../../media/image';
import { mediaHash, readIfPresent, writeAtomically } from '../../media/store';

/** What a refused scan tells the form, under its file field. */
export const documentRefusal = (detail: string) => badRequest(detail, { errors: { file: detail } });

/**
 * A scan as stored. A PDF (by its '%PDF-' header) is kept as sent: it is only ever served as
 * `application/pdf` with `nosniff`, to the doctor's side and staff. A picture is JPEG, PNG or
 * WebP by its bytes, turned upright, fitted into 2000 × 2000 (small print stays readable) and
 * re-encoded as WebP without EXIF or any metadata (server/media/image.ts). Anything else — a
 * renamed text file, an HTML page — is refused.
 */
export async function prepareDocument(data: Buffer): Promise<{ data: Buffer; ext: 'pdf' | 'webp' }> {
  if (isPdf(data)) return { data, ext: 'pdf' };
  const side = DOCUMENT_LIMITS.imageSide;
  const image = await reencodeImage(data, {
    width: side,
    height: side,
    minSide: 1,
    refuse: () => documentRefusal(DOCUMENT_TEXTS.type),
  });
  return { data: image, ext: 'webp' };
}

/**
 * The scans on disk (DATA_DIR/doctor-documents/{ab}/{hash}.{webp|pdf}), named by the hash of the
 * stored bytes. Nothing reads this folder but the checked call of the documents service.
 */
export interface DocumentFiles {
  /** Keeps the bytes; answers the file's name. */
  save(data: Buffer, ext: 'pdf' | 'webp'): Promise<string>;
  read(file: string): Promise<Buffer | null>;
  /** Deletes the file (nothing when it is not there). */
  remove(file: string): Promise<void>;
}

export function createDocumentFiles(dir: string): DocumentFiles {
  const at = (file: string) => {
    if (!DOCUMENT_FILE.test(file)) throw new Error(`bad document name ${file}`);
    return path.join(dir, file.slice(0, 2), file);
  };
  return {
    async save(data, ext) {
      const file = `${mediaHash(data)}.${ext}`;
      await writeAtomically(at(file), data);
      return file;
    },
    read: (file) => (DOCUMENT_FILE.test(file) ? readIfPresent(at(file)) : Promise.resolve(null)),
    async remove(file) {
      await rm(at(file), { force: true });
    },
  };
}

/** Beside the review documents' folder: DATA_DIR/doctor-documents in production. */
export const doctorDocumentsDir = (uploadsDir: string) =>
  path.join(path.dirname(uploadsDir), 'doctor-documents');
