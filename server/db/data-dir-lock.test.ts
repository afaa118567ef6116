import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import {
  DataDirLockedError,
  type LockOwner,
  lockDataDir,
  lockPathOf,
  processStartTime,
} from './data-dir-lock';

let root = '';
let dir = '';
let lockFile = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'data-dir-lock-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

let n = 0;
beforeEach(() => {
  n += 1;
  mkdirSync(path.join(root, String(n)));
  dir = path.join(root, String(n), 'pglite');
  lockFile = `${dir}.lock`;
});

const released: Array<() => void> = [];
afterEach(() => {
  for (const release of released.splice(0)) release();
});
function lock(dataDir = dir, options?: { waitMs?: number }) {
  const taken = lockDataDir(dataDir, options);
  released.push(taken.release);
  return taken;
}

function owner(overrides: Partial<LockOwner>): LockOwner {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    token: 'ab'.repeat(16),
    startTime: processStartTime(process.pid),
    bootId: readBootId(),
    since: '2020-01-01T00:00:00.000Z',
    ...overrides,
  };
}
function writeLock(file: string, value: LockOwner): void {
  writeFileSync(file, `${JSON.stringify(value)}\n`);
}
function readLock(file = lockFile): LockOwner {
  return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
}
function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}
function refusal(fn: () => unknown): DataDirLockedError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DataDirLockedError) return err;
    throw err;
  }
  throw new Error('expected a DataDirLockedError');
}

/** The PID of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}

const linux = process.platform === 'linux';

describe('lockDataDir in one process', () => {
  it('writes <dataDir>.lock with this PID, host, start time and a token; release deletes it', () => {
    const taken = lock();
    expect(taken.lockPath).toBe(lockFile);
    const written = readLock();
    expect(written).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(written.token).toMatch(/^[0-9a-f]{32}$/);
    if (linux) expect(written.startTime).toBe(processStartTime(process.pid));
    taken.release();
    expect(existsSync(lockFile)).toBe(false);
    taken.release(); // idempotent
    expect(readdirSync(path.dirname(dir))).toEqual([]); // no temp files left
  });

  it('refuses a second lock of the same dir in the same process, naming the dir and the PID', () => {
    lock();
    const err = refusal(() => lock());
    expect(err.message).toContain(dir);
    expect(err.message).toContain(`this process (PID ${process.pid})`);
    expect(err.message).not.toContain('\n');
  });

  it('locks one dir under any of its names (symlinked parent, relative path)', () => {
    const link = path.join(root, `${n}-link`);
    symlinkSync(path.dirname(dir), link);
    lock();
    expect(refusal(() => lock(path.join(link, 'pglite'))).lockPath).toBe(lockFile);
    expect(lockPathOf(path.relative(process.cwd(), dir))).toBe(lockFile);
  });

  it('refuses a lock held by a live process, with its PID and the lock file', () => {
    const parent = process.ppid;
    writeLock(lockFile, owner({ pid: parent, startTime: processStartTime(parent) }));
    const err = refusal(() => lock());
    expect(err.holder?.pid).toBe(parent);
    expect(err.message).toBe(
      `PGlite data dir ${dir} is in use by PID ${parent} since 2020-01-01T00:00:00.000Z (lock file ${lockFile}): PGlite allows one process per data dir, stop that process first.`,
    );
    expect(readLock().pid).toBe(parent); // untouched
  });

  it('takes over the lock of a dead PID', async () => {
    writeLock(lockFile, owner({ pid: await deadPid() }));
    lock();
    expect(readLock().pid).toBe(process.pid);
  });

  it.runIf(linux)('takes over a live PID started at another time (the PID was reused)', () => {
    writeLock(lockFile, owner({ pid: process.ppid, startTime: '1' }));
    lock();
    expect(readLock().pid).toBe(process.pid);
  });

  it.runIf(linux)('takes over a lock written before the machine booted (another boot id)', () => {
    writeLock(lockFile, owner({ pid: process.ppid, bootId: '00000000-0000-0000-0000-000000000000' }));
    lock();
    expect(readLock().pid).toBe(process.pid);
  });

  it("takes over this PID's lock with a token it does not hold (a restart that got the same PID)", () => {
    writeLock(lockFile, owner({ pid: process.pid, token: 'cd'.repeat(16) }));
    lock();
    expect(readLock().token).not.toBe('cd'.repeat(16));
  });

  it('never takes over a lock from another host: its PID cannot be checked from here', async () => {
    writeLock(lockFile, owner({ pid: await deadPid(), hostname: 'other-host' }));
    const err = refusal(() => lock());
    expect(err.message).toContain('on host other-host');
    expect(err.message).toContain('delete the lock file');
  });

  it('refuses an unreadable lock file, unless it was written before this boot', () => {
    writeFileSync(lockFile, 'garbage');
    expect(refusal(() => lock()).message).toBe(
      `PGlite data dir ${dir} is locked by an unreadable lock file ${lockFile}: if no process uses the data dir, delete the lock file.`,
    );
    utimesSync(lockFile, new Date(0), new Date(0));
    lock();
    expect(readLock().pid).toBe(process.pid);
  });

  it('finishes a takeover whose taker died half way (a stale takeover marker)', async () => {
    const stale = owner({ pid: await deadPid(), token: 'ee'.repeat(16) });
    writeLock(lockFile, stale);
    writeLock(`${lockFile}.takeover-${stale.token}`, owner({ pid: await deadPid(), token: 'ff'.repeat(16) }));
    lock();
    expect(readLock().pid).toBe(process.pid);
    expect(readdirSync(path.dirname(dir)).sort()).toEqual(['pglite.lock']);
  });

  it('waits while a live process is taking the stale lock over, then refuses', async () => {
    const stale = owner({ pid: await deadPid(), token: 'ee'.repeat(16) });
    writeLock(lockFile, stale);
    writeLock(
      `${lockFile}.takeover-${stale.token}`,
      owner({ pid: process.ppid, startTime: processStartTime(process.ppid), token: 'ff'.repeat(16) }),
    );
    const started = Date.now();
    expect(refusal(() => lock(dir, { waitMs: 300 })).holder?.token).toBe(stale.token);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('release leaves a lock that is no longer its own', () => {
    const taken = lock();
    const other = owner({ pid: process.ppid, token: 'cd'.repeat(16) });
    writeLock(lockFile, other);
    taken.release();
    expect(readLock().token).toBe(other.token);
  });
});

describe('openDatabase locks a PGlite data dir on disk', () => {
  it('refuses a second open until the first is closed', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(readLock().pid).toBe(process.pid);
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    await first.close(); // twice is harmless
    // 49 s on two cores under a load of 15 (a new cluster on disk, then a second open refused).
  }, 120_000);
});

// Real processes: tsx entry points, as npm scripts run them.

interface Run {
  child: ChildProcess;
  /** Resolves true once it prints `held`, false if it exits first. */
  held: Promise<boolean>;
  /** Resolves true once it prints `ready` (hold-data-dir.ts --when-told), false if it exits first. */
  ready: Promise<boolean>;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let onHeld: (held: boolean) => void = () => {};
  const held = new Promise<boolean>((resolve) => {
    onHeld = resolve;
  });
  let onReady: (ready: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    onReady = resolve;
  });
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    if (stdout.includes('ready ')) onReady(true);
    if (stdout.includes('held ')) onHeld(true);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // A server or seed process takes 10–25 s to load and refuse on a busy two-core machine, and
  // up to 90 s on two cores under a load of 15.
  const timer = setTimeout(() => child.kill('SIGKILL'), 200_000);
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      onHeld(false);
      onReady(false);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, held, ready, exited };
}

const holder = (dataDir: string, ...flags: string[]) =>
  run(['server/testing/hold-data-dir.ts', dataDir, ...flags]);

describe('two processes on one data dir', () => {
  it('the server and the seed command refuse a dir another holds open: one line, its PID, exit 1', async () => {
    const first = holder(dir); // PGlite open on it
    try {
      expect(await first.held).toBe(true);
      const pid = first.child.pid;
      const env = { DATA_DIR: path.dirname(dir), SEED_SIZE: 'none' };
      const [server, seed] = await Promise.all([
        run(['server/main.ts'], env).exited,
        run(['server/db/seed/cli.ts', '--size', 'small'], env).exited,
      ]);
      for (const second of [server, seed]) {
        expect(second.code).toBe(1);
        expect(second.stderr).toBe(
          `PGlite data dir ${dir} is in use by PID ${pid} since ${readLock().since} (lock file ${lockFile}): PGlite allows one process per data dir, stop that process first.\n`,
        );
      }
    } finally {
      first.child.stdin?.end();
    }
    expect((await first.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false); // released on close
    // 95 s on two cores under a load of 15: three processes load the server's modules at once.
  }, 240_000);

  it('a lock left by a killed process is taken over by the next one', async () => {
    const first = holder(dir, '--lock-only');
    expect(await first.held).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readLock().pid).toBe(first.child.pid);

    const second = holder(dir, '--lock-only');
    expect(await second.held).toBe(true);
    expect(readLock().pid).toBe(second.child.pid);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 90_000);

  it('a process that exits without closing releases its lock on exit', async () => {
    const first = holder(dir, '--lock-only', '--exit-at-once');
    expect(await first.held).toBe(true);
    expect((await first.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);

  it.each([
    { name: 'on a fresh dir', stale: false },
    { name: 'over a dead process’s lock', stale: true },
  ])(
    'of four starters racing $name, exactly one wins',
    async ({ stale }) => {
      if (stale) writeLock(lockFile, owner({ pid: await deadPid() }));
      // Each loads, says it is ready and waits; all are told to go at once when all are ready.
      const racers = Array.from({ length: 4 }, () => holder(dir, '--lock-only', '--when-told'));
      try {
        expect(await Promise.all(racers.map((r) => r.ready))).toEqual([true, true, true, true]);
        for (const r of racers) r.child.stdin?.write('go\n');
        const held = await Promise.all(racers.map((r) => Promise.race([r.held, r.exited.then(() => false)])));
        expect(held.filter(Boolean)).toHaveLength(1);
        const winner = racers[held.indexOf(true)];
        expect(readLock().pid).toBe(winner.child.pid);
        for (const loser of racers.filter((r) => r !== winner)) {
          const { code, stderr } = await loser.exited;
          expect(code).toBe(1);
          expect(stderr).toContain(`in use by PID ${winner.child.pid} `);
        }
      } finally {
        for (const r of racers) r.child.stdin?.end();
      }
      await Promise.all(racers.map((r) => r.exited));
      expect(readdirSync(path.dirname(dir))).toEqual([]); // lock released, no marker or temp file left
    },
    90_000,
  );
});
