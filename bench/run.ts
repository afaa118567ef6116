/**
 * `npm run bench [-- --build] [-- --reseed]`
 *
 * Directory benchmark against PostgreSQL with the server in production mode:
 * - pages: autocannon on 50 connections, asking as a browser does (`accept-encoding: gzip,
 *   deflate, br`, a navigation's Accept), on the doctor list, a speciality list (page 1 and page
 *   200), a doctor, a clinic and a reviews page, each compared with its yardstick: the same
 *   bytes held in memory with brotli and gzip copies by a process of its own
 *   (bench/yardstick-server.ts). First with the page cache off, then with the anonymous page
 *   cache on (list, doctor, clinic and reviews pages, and the largest script of the list page's
 *   first load as the app serves it from its precompressed .br, beside the same bytes in the
 *   yardstick); the cached phase runs again without Accept-Encoding (identity, about 4 more
 *   minutes), the uncached one does not (it would double its renders for a case no browser asks
 *   for). 3 rounds per phase; in each round every target runs BENCH_DURATION ÷ 2 (10 ÷ 2 = 5 s,
 *   at least 3 s; all of BENCH_DURATION when there is one round), after a warm-up of
 *   BENCH_WARMUP (2 s) before its first run of the phase and 1 s before the others. Percentiles pool every round's
 *   responses; the steady p99 leaves out each connection's first response. The 1-minute load
 *   average is printed at each phase's start and end;
 * - memory: the uncached list under a browser's headers on 50 connections for BENCH_RSS_DURATION
 *   (30 s), then the server process's VmRSS (target ≤ 350 MB);
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
 *   of a week of slots for its 50 doctors (p95 < 500 ms), and a desk booking for a caller
 *   (p95 < 30 ms, bench/phases/desk.ts), and the calendar page's call for that clinic's day,
 *   every doctor's column (p95 < 50 ms, bench/phases/calendar.ts); `--cabinet-only` runs only that;
 * - webhooks: a receiver on the loopback, bookings at 20/s, booking → delivery p95 < 2 s
 *   (bench/phases/webhooks.ts); `--webhooks-only` runs only that;
 * - the 'Ближайшая запись' sort: the Moscow list's data call sorted by the first free time
 *   (p95 < 50 ms, bench/phases/nearest.ts, ADR 046), after filling every doctor's first free
 *   time; `--nearest-only` runs only that;
 * - notifications: SMS.ru pointed at a fake on the loopback, bookings at 20/s for 30 s then a
 *   burst of 2,000: booking → confirmation SMS p95 < 5 s, the burst drained within 60 s, jobs/s
 *   and p50/p95/max per job kind (bench/phases/notifications.ts, ADR 049); `--notifications-only`
 *   runs only that;
 * - INP on a phone: Chromium at 390 × 844 with touch and the CPU slowed 4×, Event Timing latency
 *   (p50/p75/max over BENCH_INP_RUNS page loads, 12) of a card's day tab and time, the list's
 *   'Сегодня' chip, a club price and the reviews filter (target p75 < 200 ms each,
 *   bench/phases/inp.ts); `--inp-only` runs only that;
 * - a crawler's load: an open loop (Poisson arrivals) of uncached pages under a crawler's user
 *   agent, 60 % doctor pages over 10,000 doctors, 20 % clinic pages, 20 % lists with filters and
 *   pages, on one process and on two behind HAProxy: at 100 req/s p95 < 100 ms, p99 < 250 ms, no
 *   errors, and the highest rate under p95 100 ms (bench/phases/crawler.ts; BENCH_CRAWLER_SECONDS
 *   60, BENCH_CRAWLER_STEP 20); `--crawler-only` runs only that.
 * Prints tables and checks against the targets (docs/architecture.md), and writes bench/results/latest.json.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/portal_bench),
 * BENCH_SEED_SIZE (large | small), BENCH_PORT (3200), BENCH_YARDSTICK_PORT (BENCH_PORT + 1),
 * BENCH_CONNECTIONS (50), BENCH_DURATION (10 s: ÷ 2 per round with several rounds),
 * BENCH_WARMUP (2 s), BENCH_SEQ_DURATION (5 s), BENCH_ROUNDS (3), BENCH_RSS_DURATION (30 s),
 * BENCH_INP_RUNS (12).
 * Any FAIL makes the exit code 1.
 *
 * A page's ratio to its yardstick is the median over rounds of (page req/s ÷ yardstick req/s),
 * each pair measured back to back: this machine's speed drifts by up to 2× between minutes, so
 * a yardstick measured once at the start is no fair measure for a page measured later.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { reviewHeavyDoctor } from './calls/reviews';
import { searchCallPaths } from './calls/search';
import { prepareDatabase, redact, type SeedSize } from './database';
import { accountsPhase, accountsTable, bookingPoolOf, doctorsLpusOf } from './phases/accounts';
import { cabinetChecks, cabinetPhase } from './phases/cabinet';
import { calendarChecks, calendarPhase } from './phases/calendar';
import { callsPhase } from './phases/calls';
import { type ClubResult, clubPhase, clubTable, USER_DATA_P95_TARGET_MS } from './phases/club';
import type { Bench, Settings } from './phases/context';
import { type CrawlerResult, crawlerPhase, crawlerReport } from './phases/crawler';
import { deskChecks, deskPhase } from './phases/desk';
import { inpPhase } from './phases/inp';
import { instancesPhase, instancesTable } from './phases/instances';
import { lighthousePhase } from './phases/lighthouse';
import { type NearestResult, nearestChecks, nearestPhase } from './phases/nearest';
import { notificationsPass, notificationsPhase } from './phases/notifications';
import { interleaved, pageTargets, startYardstick } from './phases/page-targets';
import {
  breakdownPhase,
  cachedPhase,
  loadPhase,
  memoryRun,
  roundSeconds,
  sequentialRuns,
} from './phases/pages';
import { report } from './phases/report';
import { buildIfNeeded, pickPages } from './phases/setup';
import { accountsChecks } from './phases/targets';
import { waitlistCheck, waitlistPhase } from './phases/waitlist';
import { webhooksCheck, webhooksPhase } from './phases/webhooks';
import { openServices, requireTown, type Services } from './queries';
import { BenchServer } from './server';
import { Yardstick } from './yardstick';

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
    'webhooks-only': { type: 'boolean', default: false },
    /** Only the 'Ближайшая запись' sort of the Moscow list (bench/phases/nearest.ts). */
    'nearest-only': { type: 'boolean', default: false },
    /** Only booking → confirmation SMS at 20/s and a burst of 2,000 (bench/phases/notifications.ts). */
    'notifications-only': { type: 'boolean', default: false },
    /** Only INP of five interactions on a phone in Chromium (bench/phases/inp.ts). */
    'inp-only': { type: 'boolean', default: false },
    /** Only the crawler's open-loop load of uncached pages (bench/phases/crawler.ts). */
    'crawler-only': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(
    'Usage: npm run bench [-- --build] [-- --reseed] [-- --accounts-only | --club-only | --instances-only | --waitlist-only | --cabinet-only | --webhooks-only | --nearest-only | --notifications-only | --inp-only | --crawler-only]   (settings: see the comment atop bench/run.ts)',
  );
  process.exit(0);
}

const seedSizeEnv = process.env.BENCH_SEED_SIZE || 'large';
if (seedSizeEnv !== 'large' && seedSizeEnv !== 'small' && seedSizeEnv !== 'xl')
  throw new Error('BENCH_SEED_SIZE must be small, large or xl');
const settings: Settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench',
  seedSize: seedSizeEnv as SeedSize,
  port: envNumber('BENCH_PORT', 3200),
  connections: envNumber('BENCH_CONNECTIONS', 50),
  duration: envNumber('BENCH_DURATION', 10),
  warmup: envNumber('BENCH_WARMUP', 2),
  seqDuration: envNumber('BENCH_SEQ_DURATION', 5),
  rounds: Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 3))),
  rssDuration: envNumber('BENCH_RSS_DURATION', 30),
  lighthouseRuns: Math.max(1, envNumber('BENCH_LIGHTHOUSE_RUNS', 5)),
};
const inpRuns = Math.max(1, Math.round(envNumber('BENCH_INP_RUNS', 12)));

const server = new BenchServer({ port: settings.port, databaseUrl: settings.databaseUrl });
const yardstick = new Yardstick(envNumber('BENCH_YARDSTICK_PORT', settings.port + 1));
const bench: Bench = { settings, server, yardstick };
let services: Services | null = null;

async function cleanUp() {
  await yardstick.stop().catch(() => yardstick.killNow());
  await server.stop().catch(() => server.killNow());
  await services?.close().catch(() => {});
  services = null;
}

process.on('exit', () => {
  server.killNow();
  yardstick.killNow();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and the yardstick…`);
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
    services.db,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  await server.stop();
  console.log(`\n${accountsTable(accounts)}\n`);
  const checks = accountsChecks(accounts);
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  if (checks.some((c) => !c.pass)) process.exitCode = 1;
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
  if (!clubCheck(club)) process.exitCode = 1;
}

/** Prints the club's PASS/FAIL line; whether it passes. */
function clubCheck(club: ClubResult): boolean {
  const pass = club.userData.p95 < USER_DATA_P95_TARGET_MS;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  club user_data p95 < ${USER_DATA_P95_TARGET_MS} ms: ${club.userData.p95.toFixed(1)} ms`,
  );
  return pass;
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
  const checks = [
    ...cabinetChecks(await cabinetPhase(bench, svc.db)),
    ...calendarChecks(await calendarPhase(bench, svc.db)),
    ...deskChecks(await deskPhase(bench, svc.db)),
  ];
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

/** Webhooks: a delivery within 2 s p95 of its booking at 20 bookings/s (bench/phases/webhooks.ts); whether it passes. */
async function webhooks(svc: Services): Promise<boolean> {
  await server.start({ PAGE_CACHE_TTL_MS: '0', SERVE_PAGES: 'false' });
  const result = await webhooksPhase(bench, svc.db, await bookingPoolOf(svc, await requireTown(svc, TOWN)));
  await server.stop();
  const check = result ? webhooksCheck(result) : null;
  if (check) console.log(check.line);
  return !check || check.pass;
}

async function webhooksOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  services = await openServices(settings.databaseUrl);
  if (!(await webhooks(services))) process.exitCode = 1;
}

/** The 'Ближайшая запись' sort of the Moscow list (in process: no server, no build needed). */
async function nearest(svc: Services): Promise<{ pass: boolean; result: NearestResult }> {
  const result = await nearestPhase(svc.db, TOWN);
  const checks = nearestChecks(result);
  for (const c of checks) console.log(c.line);
  return { pass: checks.every((c) => c.pass), result };
}

async function nearestOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  // No server starts here to apply a newer migration (doctor_first_free's, 0053) to a set seeded before it.
  const database = await openDatabase({ kind: 'postgres', url: settings.databaseUrl });
  await database.migrate();
  await database.close();
  services = await openServices(settings.databaseUrl);
  if (!(await nearest(services)).pass) process.exitCode = 1;
}

/**
 * Confirmation SMS within 5 s p95 at 20 bookings/s, and a burst of 2,000 drained within 60 s, on
 * a server of the phase's own (the fake SMS.ru); whether it passes (too few free times skip it).
 */
async function notifications(svc: Services): Promise<boolean> {
  const results = await notificationsPhase(
    bench,
    svc.db,
    await bookingPoolOf(svc, await requireTown(svc, TOWN)),
    { PAGE_CACHE_TTL_MS: '0', SERVE_PAGES: 'false' },
  );
  return !results || notificationsPass(results);
}

async function notificationsOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  services = await openServices(settings.databaseUrl);
  if (!(await notifications(services))) process.exitCode = 1;
}

/** INP on a phone (bench/phases/inp.ts) against the running server; whether every interaction passes. */
async function inp(svc: Services): Promise<boolean> {
  const heavy = await reviewHeavyDoctor(svc.db, TOWN);
  const rows = await inpPhase(
    server.origin,
    { list: `/${TOWN}/vrach/`, reviews: `${heavy.path}otzivi/` },
    inpRuns,
  );
  return rows.every((r) => r.pass);
}

async function inpOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  buildIfNeeded(flags.build);
  services = await openServices(settings.databaseUrl);
  await server.start();
  const pass = await inp(services);
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
    db: svc.db,
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

/** The crawler's open-loop load (bench/phases/crawler.ts); prints its table and checks, whether they pass. */
async function crawler(svc: Services): Promise<{ pass: boolean; result: CrawlerResult }> {
  const result = await crawlerPhase(settings, svc);
  const { table, checks } = crawlerReport(result);
  console.log(
    `\nCrawler load, open loop, uncached pages (latency from each request's scheduled start):\n${table}\n`,
  );
  for (const c of checks) console.log(c.line);
  return { pass: checks.every((c) => c.pass), result };
}

async function crawlerOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  buildIfNeeded(flags.build);
  services = await openServices(settings.databaseUrl);
  if (!(await crawler(services)).pass) process.exitCode = 1;
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

  console.log(`Starting the server on ${server.origin}…`);
  await server.start({ PAGE_CACHE_TTL_MS: '0' });
  const { sizes, asset } = await startYardstick(bench, targets);
  const groups = interleaved(pages);
  console.log(
    `\nUncached phase: ${groups.flat().length} targets × ${settings.rounds} rounds × ${roundSeconds(settings)} s, a browser's headers, after a ${settings.warmup} s warm-up (first run) or ${Math.min(1, settings.warmup)} s…`,
  );
  const [uncached] = await loadPhase(bench, groups, 'load', ['browser']);
  const memory = await memoryRun(bench, targets.pageOf('list'));
  const sequential = await sequentialRuns(bench, pages);
  const calls = await callsPhase(bench, picks.callPaths);
  const accounts = await accountsPhase(
    bench,
    services.db,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  const club = await clubPhase(bench, services.db);
  const waitlistPass = await waitlist(services);
  const cabinetPass = await cabinet(services);
  const { pass: nearestPass, result: nearestResult } = await nearest(services);
  const serverLogged = server.logged;
  const serverTail = server.tail(10);
  await server.stop();
  console.log(`\n${clubTable(club)}\n`);
  const clubPass = clubCheck(club);

  const { cachedPages, cacheStates, cached, cachedIdentity } = await cachedPhase(bench, targets, asset);
  const { scripts, audits } = await lighthousePhase(bench, targets.pageOf, cachedPages);
  const inpPass = await inp(services);
  await server.stop();
  await yardstick.stop();

  const breakdown = await breakdownPhase(services, town, pages, sequential);
  await instances(services);
  const { pass: crawlerPass, result: crawlerResult } = await crawler(services);
  const notificationsPassed = await notifications(services);
  const webhooksPassed = await webhooks(services);
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
    memory,
    asset,
    cachedIdentity,
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
    nearest: nearestResult,
    crawler: crawlerResult,
  });
  if (
    failed ||
    !clubPass ||
    !waitlistPass ||
    !cabinetPass ||
    !nearestPass ||
    !inpPass ||
    !crawlerPass ||
    !notificationsPassed ||
    !webhooksPassed
  )
    process.exitCode = 1;
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
            : flags['webhooks-only']
              ? webhooksOnly()
              : flags['nearest-only']
                ? nearestOnly()
                : flags['notifications-only']
                  ? notificationsOnly()
                  : flags['inp-only']
                    ? inpOnly()
                    : flags['crawler-only']
                      ? crawlerOnly()
                      : main());
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
