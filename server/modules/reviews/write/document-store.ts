import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the documents patients attach to reviews live (kept for moderators only).
 * Keys are random uuids; nothing under the directory is ever served statically.
 *
 * An upload is staged first (a file in the store's own temporary directory, on the same file
 * system) and moved into the store by a rename only when its review is saved; a refused or
 * failed review discards its staged files. What a crash leaves behind — a staged file, or a
 * stored one whose review never committed — is removed by the clean-up job (cleanup.ts).
 */
export interface DocumentStore {
  /** Writes the bytes to the temporary directory under a new key; nothing is stored yet. */
  stage(data: Buffer): Promise<StagedDocument>;
  /** Null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  /** Every stored document with its modification time. */
  stored(): Promise<{ key: string; modifiedAt: Date }[]>;
  /** Deletes a stored document (nothing when it is already gone). */
  remove(key: string): Promise<void>;
  /** Deletes the staged files last modified before `before`; answers how many. */
  removeStagedBefore(before: Date): Promise<number>;
}

export interface StagedDocument {
  readonly key: string;
  /** Moves the file into the store (an atomic rename). */
  commit(): Promise<void>;
  /** Deletes the staged file; nothing when it was committed or is already gone. */
  discard(): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;
const SHARD = /^[0-9a-f]{2}$/;
/** The staging directory's name; it cannot be mistaken for a shard of stored keys. */
const STAGING = '.staging';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

async function unlinkIfPresent(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/** A directory on disk (DATA_DIR/review-documents in production). */
export function createFileDocumentStore(dir: string): DocumentStore {
  const staging = path.join(dir, STAGING);
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad document key ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async stage(data) {
      const key = randomUUID();
      const temp = path.join(staging, key);
      await mkdir(staging, { recursive: true });
      await writeFile(temp, data, { flag: 'wx' });
      return {
        key,
        async commit() {
          const target = file(key);
          await mkdir(path.dirname(target), { recursive: true });
          await rename(temp, target);
        },
        async discard() {
          await unlinkIfPresent(temp);
        },
      };
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stored() {
      const found: { key: string; modifiedAt: Date }[] = [];
      for (const shard of (await namesIn(dir)).filter((name) => SHARD.test(name))) {
        for (const key of (await namesIn(path.join(dir, shard))).filter((name) => KEY.test(name))) {
          const info = await stat(path.join(dir, shard, key)).catch((err) =>
            isMissing(err) ? null : Promise.reject(err),
          );
          if (info) found.push({ key, modifiedAt: info.mtime });
        }
      }
      return found;
    },
    async remove(key) {
      await unlinkIfPresent(file(key));
    },
    async removeStagedBefore(before) {
      let removed = 0;
      for (const name of await namesIn(staging)) {
        const temp = path.join(staging, name);
        const info = await stat(temp).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
        if (info && info.mtime < before && (await unlinkIfPresent(temp))) removed++;
      }
      return removed;
    },
  };
}
