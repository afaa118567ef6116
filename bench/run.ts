/**
 * `npm run bench [-- --build] [-- --reseed]`
 *
 * Directory benchmark against PostgreSQL with the server in production mode:
 * - pages: autocannon (50 connections, 10 s each, after a 2 s warm-up) on the doctor list, a
 *   speciality list (page 1 and page 200), a doctor page and a clinic page, each compared with
 *   a static file of the same bytes served by the same server; first with the page cache off,
 *   then with the anonymous page cache on (list, doctor and clinic pages);
 * - calls: search suggestions, the clinic price list and the reviews call, cycling through realistic requests
 *   (bench/calls/*), p50/p95/p99 on 1 and 10 connections;
 * - where a page's time goes (its data calls measured in process vs the full request);
 * - the club: `GET /club/ajax/user_data/` p95 (target < 10 ms) and the paid card's round trip
 *   (request → dev checkout → status paid); `npm run bench -- --club-only` runs only that;
 * - several instances: two app processes behind HAProxy vs one (a cached page, a call,
 *   bookings/s), with REDIS_URL and haproxy; a SKIP line without them.
 *   `npm run bench -- --instances-only` runs only that phase;
 * - the waitlist: cancel → first SMS queued with 1,000 patients waiting for the doctor (target
 *   p95 < 200 ms), beside the same cancel with nobody waiting; `--waitlist-only` runs only that;
 * - the cabinet: a 50-doctor clinic's day calendar (p95 < 50 ms) and the integration API's push
 *   of a week of slots for its 50 doctors (p95 < 500 ms); `--cabinet-only` runs only that.
 * Prints tables and checks against the targets (docs/architecture.md), and writes bench/results/latest.json.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/portal_bench),
 * BENCH_SEED_SIZE (large | small), BENCH_PORT (3200), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_SEQ_DURATION (5 s), BENCH_ROUNDS (3).
 *
 * A page's ratio to its static copy is the median over rounds of (page req/s ÷ static req/s),
 * each pair measured back to back: this machine's speed drifts by up to 2× between minutes, so
 * a static copy measured once at the start is no fair yardstick for a page measured later.
 */
import { parseArgs } from 'node:util';
import { searchCallPaths } from './calls/search';
import { prepareDatabase, redact, type SeedSize } from './database';
import { accountsPhase, accountsTable, bookingPoolOf, doctorsLpusOf } from './phases/accounts';
import { cabinetChecks, cabinetPhase } from './phases/cabinet';
import { callsPhase } from './phases/calls';
import { clubPhase, clubTable, USER_DATA_P95_TARGET_MS } from './phases/club';
import type { Bench, Settings } from './phases/context';
import { instancesPhase, instancesTable } from './phases/instances';
import { lighthousePhase } from './phases/lighthouse';
import {
  breakdownPhase,
  cachedPhase,
  interleaved,
  loadPhase,
  pageTargets,
  removeStaticFiles,
  STATIC_TARGETS,
  sequentialRuns,
  writeStaticCopies,
} from './phases/pages';
import { report } from './phases/report';
import { buildIfNeeded, pickPages } from './phases/setup';
import { accountsChecks } from './phases/targets';
import { waitlistCheck, waitlistPhase } from './phases/waitlist';
import { openServices, requireTown, type Services } from './queries';
import { BenchServer } from './server';

const TOWN = 'moskva';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

const { values: flags } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    /** Only the accounts figures (sign-in round trip, favourites call): a quick run. */
    'accounts-only': { type: 'boolean', default: false },
    /** Only the club figures (user_data, the paid card's round trip). */
    'club-only': { type: 'boolean', default: false },
    /** Only two instances behind HAProxy against one. */
    'instances-only': { type: 'boolean', default: false },
    /** Only the waitlist's fan-out. */
    'waitlist-only': { type: 'boolean', default: false },
    /** Only the cabinet's day calendar and the MIS push. */
    'cabinet-only': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(
    'Usage: npm run bench [-- --build] [-- --reseed] [-- --accounts-only | --club-only | --instances-only | --waitlist-only | --cabinet-only]   (settings: see the comment atop bench/run.ts)',
  );
  process.exit(0);
}

const seedSizeEnv = process.env.BENCH_SEED_SIZE || 'large';
if (seedSizeEnv !== 'large' && seedSizeEnv !== 'small')
  throw new Error('BENCH_SEED_SIZE must be large or small');
const settings: Settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench',
  seedSize: seedSizeEnv as SeedSize,
  port: envNumber('BENCH_PORT', 3200),
  connections: envNumber('BENCH_CONNECTIONS', 50),
  duration: envNumber('BENCH_DURATION', 10),
  warmup: envNumber('BENCH_WARMUP', 2),
  seqDuration: envNumber('BENCH_SEQ_DURATION', 5),
  rounds: Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 3))),
  lighthouseRuns: Math.max(1, envNumber('BENCH_LIGHTHOUSE_RUNS', 3)),
};

const server = new BenchServer({ port: settings.port, databaseUrl: settings.databaseUrl });
const bench: Bench = { settings, server };
let services: Services | null = null;

async function cleanUp() {
  removeStaticFiles();
  await server.stop().catch(() => server.killNow());
  await services?.close().catch(() => {});
  services = null;
}

process.on('exit', () => {
  server.killNow();
  removeStaticFiles();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the static copies…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function accountsOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  buildIfNeeded(flags.build);
  services = await openServices(settings.databaseUrl);
  const town = await requireTown(services, TOWN);
  const firstPage = await services.directory.doctorList(town, { page: 1 });
  await server.start({ PAGE_CACHE_TTL_MS: '0' });
  const accounts = await accountsPhase(
    bench,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  await server.stop();
  console.log(`\n${accountsTable(accounts)}\n`);
  for (const c of accountsChecks(accounts))
    console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
}

async function clubOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  services = await openServices(settings.databaseUrl);
  // Calls only: the server needs no page build.
  await server.start({ PAGE_CACHE_TTL_MS: '0', SERVE_PAGES: 'false' });
  const club = await clubPhase(bench, services.db);
  await server.stop();
  console.log(`\n${clubTable(club)}\n`);
  const pass = club.userData.p95 < USER_DATA_P95_TARGET_MS;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  club user_data p95 < ${USER_DATA_P95_TARGET_MS} ms: ${club.userData.p95.toFixed(1)} ms`,
  );
}

/** The waitlist's fan-out on a running server (calls only); its PASS/FAIL line, or null when skipped. */
async function waitlist(svc: Services): Promise<boolean> {
  const town = await requireTown(svc, TOWN);
  const result = await waitlistPhase(bench, svc.db, await bookingPoolOf(svc, town));
  if (!result) return true;
  const check = waitlistCheck(result);
  console.log(check.line);
  return check.pass;
}

async function waitlistOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  services = await openServices(settings.databaseUrl);
  await server.start({ PAGE_CACHE_TTL_MS: '0', SERVE_PAGES: 'false' });
  const pass = await waitlist(services);
  await server.stop();
  if (!pass) process.exitCode = 1;
}

/** The cabinet's figures on a running server (calls only); whether they pass. */
async function cabinet(svc: Services): Promise<boolean> {
  const checks = cabinetChecks(await cabinetPhase(bench, svc.db));
  for (const c of checks) console.log(c.line);
  return checks.every((c) => c.pass);
}

async function cabinetOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  services = await openServices(settings.databaseUrl);
  await server.start({ PAGE_CACHE_TTL_MS: '0', SERVE_PAGES: 'false' });
  const pass = await cabinet(services);
  await server.stop();
  if (!pass) process.exitCode = 1;
}

/** Two instances behind HAProxy vs one, on the bench database; prints its table. */
async function instances(svc: Services) {
  const town = await requireTown(svc, TOWN);
  const [callPath] = await searchCallPaths(svc.db);
  const result = await instancesPhase(settings, {
    pagePath: `/${TOWN}/vrach/`,
    callPath,
    doctorsLpus: await bookingPoolOf(svc, town),
  });
  if (result) console.log(`\n${instancesTable(result)}\n`);
}

async function instancesOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  buildIfNeeded(flags.build);
  services = await openServices(settings.databaseUrl);
  await instances(services);
}

async function main() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  const dataset = await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  const built = buildIfNeeded(flags.build);

  services = await openServices(settings.databaseUrl);
  const picks = await pickPages(services, settings.databaseUrl, TOWN);
  const { town, firstPage } = picks;
  const targets = pageTargets(TOWN, picks.spec, picks.doctor, picks.clinic, picks.heavy);
  const { pages } = targets;

  const sizes = await writeStaticCopies(bench, targets);
  console.log(
    `\nUncached phase: ${STATIC_TARGETS.length + pages.length} targets × (${settings.warmup} + ${settings.duration}) s…`,
  );
  const uncached = await loadPhase(bench, interleaved(pages), 'load');
  const sequential = await sequentialRuns(bench, pages);
  const calls = await callsPhase(bench, picks.callPaths);
  const accounts = await accountsPhase(
    bench,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  const club = await clubPhase(bench, services.db);
  const waitlistPass = await waitlist(services);
  const cabinetPass = await cabinet(services);
  const serverLogged = server.logged;
  const serverTail = server.tail(10);
  await server.stop();
  console.log(`\n${clubTable(club)}\n`);

  const { cachedPages, cacheStates, cached } = await cachedPhase(bench, targets);
  const { scripts, audits } = await lighthousePhase(bench, targets.pageOf, cachedPages);
  await server.stop();
  removeStaticFiles();

  const breakdown = await breakdownPhase(services, town, pages, sequential);
  await instances(services);
  await services.close();
  services = null;

  const failed = report({
    ...picks,
    settings,
    origin: server.origin,
    dataset,
    built,
    targets,
    sizes,
    uncached,
    sequential,
    calls,
    accounts,
    cached,
    cacheStates,
    cachedPages,
    scripts,
    audits,
    breakdown,
    serverLogged,
    serverTail,
  });
  if (failed || !waitlistPass || !cabinetPass) process.exitCode = 1;
}

try {
  await (flags['accounts-only']
    ? accountsOnly()
    : flags['club-only']
      ? clubOnly()
      : flags['instances-only']
        ? instancesOnly()
        : flags['waitlist-only']
          ? waitlistOnly()
          : flags['cabinet-only']
            ? cabinetOnly()
            : main());
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
