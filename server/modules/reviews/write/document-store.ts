import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the documents patients attach to reviews live (kept for moderators only).
 * Keys are random uuids; nothing under the directory is ever served statically.
 */
export interface DocumentStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
}

const KEY = /^[0-9a-f-]{36}$/;

/** A directory on disk (DATA_DIR/review-documents in production). */
export function createFileDocumentStore(dir: string): DocumentStore {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad document key ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
