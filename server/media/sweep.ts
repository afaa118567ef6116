import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The sweep of files an upload left behind (docs/product/cabinet.md, 'Files nothing names'): the
 * cabinet keeps an upload's file before the row that names it is written, so a request that
 * fails between the two (a refused form, a lost race, a crash) leaves a file no row names, and a
 * crash mid-write leaves a half-written temporary (`*.tmp`, server/media/store.ts).
 */

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

interface StoredFile {
  file: string;
  name: string;
  modifiedAt: Date;
  bytes: number;
}

/** Every file under `dir`, at any depth; none when the folder is not there yet. */
async function filesUnder(dir: string): Promise<StoredFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err) =>
    isMissing(err) ? [] : Promise.reject(err),
  );
  const out: StoredFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
    if (info) out.push({ file, name: entry.name, modifiedAt: info.mtime, bytes: info.size });
  }
  return out;
}

async function removeIfPresent(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/**
 * Removes, under `dir`, the files last written before `before` that no row names, and the
 * temporaries as old. Younger files may belong to a form being filled or a request running now.
 * `keyOf` reads a stored file's key from its name (null: not one of ours, left alone); `named`
 * answers which of the keys rows name. Answers how many files of each kind went.
 */
export async function sweepOrphans({
  dir,
  before,
  keyOf,
  named,
}: {
  dir: string;
  before: Date;
  keyOf: (name: string) => string | null;
  named: (keys: string[]) => Promise<Set<string>>;
}): Promise<{ orphans: number; temporaries: number }> {
  const old = (await filesUnder(dir)).filter((f) => f.modifiedAt < before);
  let temporaries = 0;
  for (const f of old.filter((f) => f.name.endsWith('.tmp')))
    if (await removeIfPresent(f.file)) temporaries++;
  const stored = old.flatMap((f) => {
    const key = f.name.endsWith('.tmp') ? null : keyOf(f.name);
    return key === null ? [] : [{ ...f, key }];
  });
  const kept = stored.length ? await named(stored.map((f) => f.key)) : new Set<string>();
  let orphans = 0;
  for (const f of stored) if (!kept.has(f.key) && (await removeIfPresent(f.file))) orphans++;
  return { orphans, temporaries };
}

/** The bytes of every file under these folders, at any depth (a missing folder counts none). */
export async function bytesUnder(dirs: string[]): Promise<number> {
  let total = 0;
  for (const dir of new Set(dirs)) for (const f of await filesUnder(dir)) total += f.bytes;
  return total;
}
