/**
 * One process per PGlite data dir (ADR 008). PGlite has no lock of its own: two processes on one
 * dir both start, and each overwrites the other's writes. `lockDataDir` takes `<dataDir>.lock`
 * beside the dir, or throws `DataDirLockedError` naming the holder's PID.
 *
 * - Taken atomically: the record is written to a private temp file and hard-linked to the lock
 *   path, which fails if the path exists; so of two starters exactly one wins, and nobody ever
 *   reads a half-written lock.
 * - A lock whose owner is gone is taken over: its PID is not running, or runs a process started at
 *   another time (PID reuse), or the machine has booted since (Linux boot id). A lock from another
 *   host (another container, a shared volume) cannot be checked and is never taken over.
 * - Taking over is atomic too: the taker first creates `<lock>.takeover-<token of the stale lock>`
 *   exclusively, then checks that the lock still holds that token before deleting it, so two
 *   takers cannot both delete (one of them a fresh lock).
 * - Released by `release()`, and on process exit (also `process.exit` and an uncaught error) for
 *   whatever is still held. A process killed outright (SIGKILL, power loss) leaves a stale lock,
 *   which the next starter takes over.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a lock file holds. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** Random, unique to one acquisition: tells this lock from any later one. */
  token: string;
  /** The process's start time as the OS reports it (Linux: clock ticks after boot), if known. */
  startTime: string | null;
  /** Linux `/proc/sys/kernel/random/boot_id`, if known. */
  bootId: string | null;
  /** ISO time the lock was taken. */
  since: string;
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly lockPath: string;
  /** Deletes the lock file if it is still this lock's. Idempotent. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
    /** null: the lock file could not be read. */
    readonly holder: LockOwner | null,
  ) {
    super(lockedMessage(dataDir, lockPath, holder));
    this.name = 'DataDirLockedError';
  }
}

function lockedMessage(dataDir: string, lockPath: string, holder: LockOwner | null): string {
  if (!holder) {
    return `PGlite data dir ${dataDir} is locked by an unreadable lock file ${lockPath}: if no process uses the data dir, delete the lock file.`;
  }
  if (holder.hostname !== os.hostname()) {
    return `PGlite data dir ${dataDir} is in use by PID ${holder.pid} on host ${holder.hostname} since ${holder.since} (lock file ${lockPath}): stop that process, or, if it is gone, delete the lock file.`;
  }
  const who = holder.pid === process.pid ? `this process (PID ${holder.pid})` : `PID ${holder.pid}`;
  return `PGlite data dir ${dataDir} is in use by ${who} since ${holder.since} (lock file ${lockPath}): PGlite allows one process per data dir, stop that process first.`;
}

/** The lock file of a data dir: `<dataDir>.lock`, beside it (PGlite owns what is inside). */
export function lockPathOf(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  let parent = path.dirname(resolved);
  try {
    // One lock for one dir, however it is named (symlinks, `..`).
    parent = realpathSync(parent);
  } catch {
    // The parent does not exist yet: the caller creates it; resolve() is what there is.
  }
  return path.join(parent, `${path.basename(resolved)}.lock`);
}

/** Tokens of the locks this process holds, by lock path. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Takes the data dir's lock, or throws `DataDirLockedError` at once if a live process holds it.
 * Waits (up to `waitMs`) only while another starter is in the middle of taking over a stale lock.
 */
export function lockDataDir(dataDir: string, options: { waitMs?: number } = {}): DataDirLock {
  const absDir = path.resolve(dataDir);
  mkdirSync(path.dirname(absDir), { recursive: true });
  const lockPath = lockPathOf(absDir);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    token: randomBytes(16).toString('hex'),
    startTime: processStartTime(process.pid),
    bootId: bootId(),
    since: new Date().toISOString(),
  };
  const deadline = Date.now() + (options.waitMs ?? 5_000);
  for (;;) {
    const result = tryAcquire(lockPath, me);
    if (result.ok) break;
    if (result.holder !== undefined) throw new DataDirLockedError(absDir, lockPath, result.holder);
    if (Date.now() >= deadline) throw new DataDirLockedError(absDir, lockPath, readOwner(lockPath).owner);
    sleep(20);
  }
  held.set(lockPath, me.token);
  installExitHook();
  return {
    dataDir: absDir,
    lockPath,
    release: () => {
      if (held.get(lockPath) !== me.token) return;
      held.delete(lockPath);
      removeIfOwnedBy(lockPath, me.token);
    },
  };
}

type Attempt =
  | { ok: true }
  /** holder: a live owner (or null: unreadable file); undefined: busy, try again shortly. */
  | { ok: false; holder?: LockOwner | null };

/**
 * One round: creates `file` holding `me`, or reports its live holder, or deletes a dead holder's
 * file (through the takeover marker) and reports 'busy' so the caller tries again.
 */
function tryAcquire(file: string, me: LockOwner): Attempt {
  if (createExclusive(file, me)) return { ok: true };
  const { owner, identity } = readOwner(file);
  if (identity === null) return { ok: false }; // gone meanwhile
  if (owner ? isAlive(owner) : !isFromBeforeBoot(file)) return { ok: false, holder: owner };
  // Stale. Only the holder of the marker for this very lock may delete it.
  const marker = `${file}.takeover-${identity}`;
  const claim = tryAcquire(marker, me);
  if (!claim.ok) return { ok: false };
  try {
    if (readOwner(file).identity === identity) unlinkSync(file);
  } finally {
    removeIfOwnedBy(marker, me.token);
  }
  return { ok: false };
}

/** Creates `file` with `owner` in it, all at once; false if it exists. */
function createExclusive(file: string, owner: LockOwner): boolean {
  const content = `${JSON.stringify(owner)}\n`;
  const temp = `${file}.${owner.token}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code(err) ?? '')) throw err;
    // No hard links on this file system: an exclusive create (readers retry a short empty read).
    try {
      writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (createErr) {
      if (code(createErr) === 'EEXIST') return false;
      throw createErr;
    }
  } finally {
    unlinkSync(temp);
  }
}

/**
 * The lock file's owner, and an identity for this very file (the token, or for an unreadable
 * file its inode and mtime); identity null when there is no file.
 */
function readOwner(file: string): { owner: LockOwner | null; identity: string | null } {
  for (let attempt = 0; ; attempt++) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if (code(err) === 'ENOENT') return { owner: null, identity: null };
      throw err;
    }
    const owner = parseOwner(text);
    if (owner) return { owner, identity: owner.token };
    // Being written without hard links (see createExclusive): wait a moment, then give up.
    if (attempt < 10) {
      sleep(20);
      continue;
    }
    try {
      const stat = statSync(file);
      return { owner: null, identity: `ino${stat.ino}-${Math.round(stat.mtimeMs)}` };
    } catch {
      return { owner: null, identity: null };
    }
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof value.pid === 'number' &&
      Number.isSafeInteger(value.pid) &&
      value.pid > 0 &&
      typeof value.hostname === 'string' &&
      typeof value.token === 'string' &&
      /^[0-9a-f]{8,64}$/.test(value.token)
    ) {
      return {
        pid: value.pid,
        hostname: value.hostname,
        token: value.token,
        startTime: typeof value.startTime === 'string' ? value.startTime : null,
        bootId: typeof value.bootId === 'string' ? value.bootId : null,
        since: typeof value.since === 'string' ? value.since : 'an unknown time',
      };
    }
  } catch {
    // not JSON
  }
  return null;
}

/**
 * Whether the lock's owner may still be running. Unsure answers are 'alive': a lock from another
 * host, or a live PID whose start time cannot be compared.
 */
function isAlive(owner: LockOwner): boolean {
  if (owner.hostname !== os.hostname()) return true;
  const myBoot = bootId();
  if (owner.bootId && myBoot && owner.bootId !== myBoot) return false;
  // This PID is this process: its own lock only if it holds that token (a process restarted
  // with the same PID, e.g. PID 1 in a container, finds the previous one's lock).
  if (owner.pid === process.pid) return [...held.values()].includes(owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if (code(err) === 'ESRCH') return false;
    if (code(err) !== 'EPERM') return true;
    // EPERM: it runs, as another user.
  }
  if (owner.startTime === null) return true;
  const now = processStartTime(owner.pid);
  return now === null || now === owner.startTime;
}

/** An unreadable lock file written before this boot belongs to no running process. */
function isFromBeforeBoot(file: string): boolean {
  try {
    const bootedAt = Date.now() - os.uptime() * 1000;
    return statSync(file).mtimeMs < bootedAt - 60_000;
  } catch {
    return false;
  }
}

/** The OS's start time of a process, to tell it from a later one with the same PID. */
export function processStartTime(pid: number): string | null {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 22 (starttime); the command name (field 2) may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[19] ?? null;
    } catch {
      return null;
    }
  }
  if (process.platform === 'win32') return null;
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim();
    return out || null;
  } catch {
    return null;
  }
}

let cachedBootId: string | null | undefined;
function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

function removeIfOwnedBy(file: string, token: string): void {
  if (readOwner(file).owner?.token !== token) return;
  try {
    unlinkSync(file);
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [lockPath, token] of held) {
      try {
        removeIfOwnedBy(lockPath, token);
      } catch {
        // exiting anyway; the next starter takes a dead process's lock over
      }
    }
    held.clear();
  });
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

/**
 * For entry points: a locked data dir ends the process with the one-line message and exit code 1;
 * any other error is thrown on.
 */
export function exitIfDataDirLocked(err: unknown): never {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
