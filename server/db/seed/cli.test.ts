import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSnapshotPath } from '../../testing/database';
import { openDatabase } from '../client';
import { isDatabaseEmpty } from './index';

// `npm run seed -- --reset`: refused in production, confirmed on a terminal or by --yes.

let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'seed-cli-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const CLI = ['--import', 'tsx', 'server/db/seed/cli.ts', '--size', 'small'];

interface Run {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr; under `script`, the terminal's output). */
  output: () => string;
  /** Resolves once the output contains `text`. */
  waitFor: (text: string) => Promise<void>;
  exited: Promise<number | null>;
}

function start(command: string, args: string[], dataDir: string, env: Record<string, string> = {}): Run {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const w of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      for (const w of waiters.splice(0)) w.resolve();
      resolve(code);
    });
  });
  return {
    child,
    output: () => output,
    waitFor: (text) =>
      output.includes(text) ? Promise.resolve() : new Promise((resolve) => waiters.push({ text, resolve })),
    exited,
  };
}

/** The seed CLI with stdin a pipe (no terminal), as in a script or CI. */
const seedCli = (dataDir: string, flags: string[], env?: Record<string, string>) =>
  start(process.execPath, [...CLI, ...flags], dataDir, env);

/** The seed CLI on a terminal: util-linux `script` gives it a pseudo-terminal; our stdin is its keyboard. */
const seedCliOnTerminal = (dataDir: string, flags: string[]) =>
  start(
    'script',
    ['-qec', [process.execPath, ...CLI, ...flags].map((a) => `'${a}'`).join(' '), '/dev/null'],
    dataDir,
  );
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A PGlite data dir under DATA_DIR=dataDir, migrated, with one town in it (so not empty). */
async function withData(dataDir: string): Promise<void> {
  // It starts from the run's migrated snapshot (server/testing/global-setup.ts) when there is
  // one, as backup.test.ts's does: an empty cluster to create and migrate costs far more.
  const snapshot = pgliteSnapshotPath();
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: existsSync(snapshot) ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  try {
    await database.migrate();
    if (await isDatabaseEmpty(database.db)) {
      await database.db.execute(
        sql`INSERT INTO towns (slug, name, name_in, name_gen, region, lat, lon, tz, phone_code, population)
            VALUES ('test', 'Тест', 'в Тесте', 'Теста', 'Тест', 55, 37, 'Europe/Moscow', '495', 1)`,
      );
    }
  } finally {
    await database.close();
  }
}

async function hasData(dataDir: string): Promise<boolean> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return !(await isDatabaseEmpty(database.db));
  } finally {
    await database.close();
  }
}

/** Stops a CLI that is seeding, by the PID in its data dir lock (its data dir may be left half done). */
async function stopSeeding(dataDir: string, run: Run): Promise<void> {
  const { pid } = JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')) as { pid: number };
  process.kill(pid, 'SIGKILL');
  await run.exited;
}

describe('npm run seed -- --size', () => {
  it('takes small, large or xl, and refuses any other size before the database is touched', async () => {
    const dataDir = path.join(root, 'size');
    const run = seedCli(dataDir, ['--size', 'huge']);
    expect(await run.exited).toBe(1);
    expect(run.output()).toBe(
      '--size must be small, large or xl.\nUsage: npm run seed -- --size small|large|xl [--seed N] [--reset [--yes] | --if-empty]\n',
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});

describe('npm run seed -- --reset', () => {
  it('is refused with APP_ENV=production, before the database is touched', async () => {
    const dataDir = path.join(root, 'production');
    const run = seedCli(dataDir, ['--reset', '--yes'], { APP_ENV: 'production' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toBe(
      '--reset is refused with APP_ENV=production: it drops every table of the database.\n',
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('is refused without a terminal unless --yes is given, before the database is touched', async () => {
    const dataDir = path.join(root, 'no-tty');
    const run = seedCli(dataDir, ['--reset']);
    expect(await run.exited).toBe(1);
    expect(run.output()).toBe(
      '--reset drops all data and there is no terminal to confirm it: add --yes to run it from a script.\n',
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  describe('on a database that holds data', () => {
    const dataDir = () => path.join(root, 'data');
    beforeAll(() => withData(dataDir()), 120_000);

    it.runIf(hasScript)(
      'asks on a terminal; any answer but yes changes nothing',
      async () => {
        const run = seedCliOnTerminal(dataDir(), ['--reset']);
        await run.waitFor('Type yes to go on: ');
        expect(run.output()).toContain(
          `--reset drops all data in PGlite at ${path.join(dataDir(), 'pglite')}.`,
        );
        run.child.stdin?.write('y\r');
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain('Not confirmed: nothing was changed.');
        expect(run.output()).not.toContain('dropping');
        expect(await hasData(dataDir())).toBe(true);
      },
      90_000,
    );

    it.runIf(hasScript)(
      'on a terminal, "yes" goes on to drop the data',
      async () => {
        const run = seedCliOnTerminal(dataDir(), ['--reset']);
        await run.waitFor('Type yes to go on: ');
        run.child.stdin?.write('yes\r');
        await run.waitFor('--reset: dropping all data');
        await stopSeeding(dataDir(), run);
      },
      90_000,
    );

    it('--if-empty leaves it as it is and succeeds', async () => {
      const run = seedCli(dataDir(), ['--if-empty']);
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('already holds data: left as it is (--if-empty).');
      expect(run.output()).not.toContain('Seeded');
      expect(await hasData(dataDir())).toBe(true);
    }, 60_000);

    it('--if-empty with --reset is refused as a contradiction', async () => {
      const run = seedCli(dataDir(), ['--if-empty', '--reset', '--yes']);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('--reset and --if-empty contradict each other.');
      expect(await hasData(dataDir())).toBe(true);
    }, 60_000);

    it('--yes goes on to drop the data without asking', async () => {
      const dir = path.join(root, 'data-yes');
      await withData(dir);
      const run = seedCli(dir, ['--reset', '--yes']);
      await run.waitFor('--reset: dropping all data');
      expect(run.output()).not.toContain('Type yes');
      await stopSeeding(dir, run);
    }, 120_000);
  });
});
