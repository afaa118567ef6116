/**
 * `npm run seed -- --size small|large|xl [--seed N] [--reset [--yes] | --if-empty]`
 * Fills the configured database (DATABASE_URL, else PGlite under DATA_DIR) with the
 * deterministic demo data set. Refuses a non-empty database unless --reset is given (or, with
 * --if-empty, leaves it as it is and succeeds: a script preparing a database ahead of a server,
 * as `npm test` does for the browser tests' one), and, with
 * APP_ENV=production, a config the server would refuse (server/config.ts productionProblems).
 * --reset is refused with APP_ENV=production; otherwise it asks "type yes" on a terminal before
 * dropping data, and needs --yes without one (scripts). A PGlite data dir in use by another
 * process (the server) is refused at once (server/db/data-dir-lock.ts).
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, refuseProductionProblems } from '../../config';
import { type Database, openDatabase } from '../client';
import { DataDirLockedError } from '../data-dir-lock';
import { isDatabaseEmpty, seedDatabase } from './index';
import { createProgressBar } from './progress-bar';

const USAGE = 'Usage: npm run seed -- --size small|large|xl [--seed N] [--reset [--yes] | --if-empty]';

function parseCli(): {
  size: 'small' | 'large' | 'xl';
  seed: number | undefined;
  reset: boolean;
  yes: boolean;
  ifEmpty: boolean;
} {
  let values: {
    size?: string;
    seed?: string;
    reset?: boolean;
    yes?: boolean;
    'if-empty'?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        size: { type: 'string', default: 'small' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        'if-empty': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.size !== 'small' && values.size !== 'large' && values.size !== 'xl')
    fail(`--size must be small, large or xl.\n${USAGE}`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) fail(`--seed must be an integer.\n${USAGE}`);
  if (values.reset && values['if-empty']) fail(`--reset and --if-empty contradict each other.\n${USAGE}`);
  return {
    size: values.size,
    seed,
    reset: Boolean(values.reset),
    yes: Boolean(values.yes),
    ifEmpty: Boolean(values['if-empty']),
  };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Drops every table, the migration journal and the extensions, so migrations start from scratch. */
async function wipe(database: Database): Promise<void> {
  // One statement per call: PGlite's extended protocol refuses several at once.
  for (const statement of [
    'DROP SCHEMA public CASCADE',
    'CREATE SCHEMA public',
    'DROP SCHEMA IF EXISTS drizzle CASCADE',
  ]) {
    await database.db.execute(sql.raw(statement));
  }
}

/** Asks on the terminal; true only for the answer 'yes'. Ctrl-C is a no. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.on('SIGINT', () => resolve(''));
      rl.on('close', () => resolve(''));
      rl.question(question).then(resolve, () => resolve(''));
    });
    return answer.trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

const args = parseCli();
const config = loadConfig();
if (args.reset && config.APP_ENV === 'production') {
  fail('--reset is refused with APP_ENV=production: it drops every table of the database.');
}
refuseProductionProblems(config);
if (args.reset && !args.yes && !process.stdin.isTTY) {
  fail('--reset drops all data and there is no terminal to confirm it: add --yes to run it from a script.');
}
const target = config.DATABASE_URL
  ? { kind: 'postgres' as const, url: config.DATABASE_URL }
  : { kind: 'pglite' as const, dataDir: path.join(config.DATA_DIR, 'pglite') };
const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${target.dataDir}`;

// No SIGINT/SIGTERM handler: seeding keeps the event loop busy, so a handler would only run once
// it is done. Ctrl-C kills at once; the PGlite lock it leaves is a dead PID's, taken over next time.
const opened = performance.now();
let database: Database;
try {
  database = await openDatabase(target);
  await database.migrate();
} catch (err) {
  // Another process holds the data dir: its one-line message names the dir and the PID.
  if (err instanceof DataDirLockedError) fail(err.message);
  fail(`Could not open ${where}: ${(err as Error).message}`);
}
console.error(`Seeding ${where}.`);

process.exitCode = await run(database).catch((err: unknown) => {
  console.error(err);
  return 1;
});
await database.close();

/** Seeds and prints the summary; returns the exit code (the database is closed by the caller). */
async function run(database: Database): Promise<number> {
  if (!(await isDatabaseEmpty(database.db))) {
    if (args.ifEmpty) {
      console.error(`${where} already holds data: left as it is (--if-empty).`);
      return 0;
    }
    if (!args.reset) {
      console.error(`${where} already holds data. Run again with --reset to drop everything and seed anew.`);
      return 1;
    }
    if (!args.yes && !(await confirm(`--reset drops all data in ${where}. Type yes to go on: `))) {
      console.error('Not confirmed: nothing was changed.');
      return 1;
    }
    console.error(`--reset: dropping all data in ${where}…`);
    await wipe(database);
    await database.migrate();
  }
  const started = performance.now();
  console.error(`Database opened and migrated in ${((started - opened) / 1000).toFixed(1)} s.`);

  const bar = createProgressBar();
  const seed = args.seed ?? config.SEED;
  const { counts } = await seedDatabase(database.db, {
    size: args.size,
    seed,
    now: new Date(),
    onProgress: (p) => bar.update(p),
  });
  bar.done();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The summary is the command's result: stdout, while status and progress stay on stderr.
  console.log(`Seeded '${args.size}' (seed ${seed}) into ${where} in ${seconds} s:`);
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  for (const [table, n] of Object.entries(counts)) {
    console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(11)}`);
  }
  return 0;
}
