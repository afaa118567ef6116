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
 * - where a page's time goes (its data calls measured in process vs the full request).
 * Prints tables and checks against the issues' targets, and writes bench/results/latest.json.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/portal_bench),
 * BENCH_SEED_SIZE (large | small), BENCH_PORT (3200), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_SEQ_DURATION (5 s), BENCH_ROUNDS (3).
 *
 * A page's ratio to its static copy is the median over rounds of (page req/s ÷ static req/s),
 * each pair measured back to back: this machine's speed drifts by up to 2× between minutes, so
 * a static copy measured once at the start is no fair yardstick for a page measured later.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DOCTORS_PER_PAGE } from '../server/modules/directory/service';
import { type CallResult, runCalls } from './call-load';
import { runPostCall, type SignInResult, signInRoundTrips } from './calls/auth';
import {
  bookDistinctSlots,
  cancelAll,
  freeSlotsOf,
  type RaceResult,
  raceForOneSlot,
  type ThroughputResult,
} from './calls/booking';
import { priceListCallPaths } from './calls/price-list';
import { reviewHeavyDoctor, reviewsCallPaths } from './calls/reviews';
import { searchCallPaths } from './calls/search';
import {
  type DatasetInfo,
  pickSpeciality,
  prepareDatabase,
  redact,
  type SeedSize,
  waitForIdleDatabase,
} from './database';
import { firstLoadJs } from './first-load-js';
import { runLighthouse } from './lighthouse';
import { type LoadResult, runLoad, warmUp } from './load';
import { openServices, pageCalls, requireTown, type Services, type Timing, time } from './queries';
import { BenchServer } from './server';
import { int, median, ms, pct, table } from './stats';

const TOWN = 'moskva';
const RESULTS_FILE = path.resolve('bench/results/latest.json');
const staticName = (key: PageKey) => `bench-static-${key}.html`;
const staticFile = (key: PageKey) => path.resolve('build/client', staticName(key));

/** Targets from the issues. */
const MIN_STATIC_RATIO = 0.05;
const MIN_CACHED_STATIC_RATIO = 0.25;
const MAX_P99_MS = 80;
const MAX_DEEP_PAGE_FACTOR = 1.5;
const MAX_CALL_P95_MS = 20;
const MIN_LIGHTHOUSE_PERFORMANCE = 90;
const MIN_LIGHTHOUSE_ACCESSIBILITY = 95;
const MAX_DOCTOR_PAGE_JS_GZIP = 150 * 1024;
/** Issue 5: the favourites state call for 20 ids. */
const MAX_FAVOURITES_P95_MS = 10;
/** Issue 4: slots of a list page. */
const MAX_SLOTS_P95_MS = 15;
/** Issue 4: bookings of distinct slots per second, and the one-slot race. */
const MIN_BOOKINGS_PER_SECOND = 300;
const RACE_ATTEMPTS = 200;
const BOOKING_WORKERS = 20;
/** Doctors whose free slots make the distinct-slot pool: five list pages. */
const BOOKING_POOL_PAGES = 5;
/** The cached phase's page cache time to live (production default). */
const CACHE_TTL_MS = 30_000;

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
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(
    'Usage: npm run bench [-- --build] [-- --reseed] [-- --accounts-only]   (settings: see the comment atop bench/run.ts)',
  );
  process.exit(0);
}

const seedSizeEnv = process.env.BENCH_SEED_SIZE || 'large';
if (seedSizeEnv !== 'large' && seedSizeEnv !== 'small')
  throw new Error('BENCH_SEED_SIZE must be large or small');
const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench',
  seedSize: seedSizeEnv as SeedSize,
  port: envNumber('BENCH_PORT', 3200),
  connections: envNumber('BENCH_CONNECTIONS', 50),
  duration: envNumber('BENCH_DURATION', 10),
  warmup: envNumber('BENCH_WARMUP', 2),
  seqDuration: envNumber('BENCH_SEQ_DURATION', 5),
  /** Rounds of the page phases: each round runs every target once, static copies beside their pages. */
  rounds: Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 3))),
  lighthouseRuns: Math.max(1, envNumber('BENCH_LIGHTHOUSE_RUNS', 3)),
};

/** Pages with a same-size static copy: the issue's ratio targets. */
const RATIO_PAGES = ['list', 'doctor', 'clinic', 'reviews'] as const;
type RatioPage = (typeof RATIO_PAGES)[number];
type PageKey = 'list' | 'spec1' | 'specN' | 'doctor' | 'clinic' | 'reviews';

interface Target {
  key: PageKey | `static-${RatioPage}`;
  label: string;
  path: string;
  /** What the data side of the page is, for the in-process timing. */
  data?: { kind: 'list'; specialityId?: number; page: number } | { kind: 'doctor'; id: number };
}

interface Breakdown {
  key: Target['key'];
  label: string;
  data: Timing;
  ids: Timing | null;
  http: LoadResult;
}

const server = new BenchServer({ port: settings.port, databaseUrl: settings.databaseUrl });
let services: Services | null = null;

function removeStaticFiles() {
  for (const key of RATIO_PAGES) rmSync(staticFile(key), { force: true });
}

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

/** GET without Accept-Encoding (as autocannon sends it): the raw body bytes. */
function getRaw(url: string): Promise<{ status: number; body: Buffer; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), location: res.headers.location }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
  });
}

async function expectOk(url: string): Promise<Buffer> {
  const res = await getRaw(url);
  if (res.status !== 200) {
    throw new Error(
      `GET ${url} answered ${res.status}${res.location ? ` → ${res.location}` : ''}, expected 200\n${server.tail(20)}`,
    );
  }
  return res.body;
}

function buildIfNeeded() {
  const missing = !existsSync('build/server/index.js');
  if (!missing && !flags.build) return null;
  console.log(`\n$ react-router build${missing ? ' (build/server/index.js is missing)' : ''}`);
  const started = performance.now();
  const result = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('react-router build failed');
  return `built the app in ${((performance.now() - started) / 1000).toFixed(0)} s`;
}

function header(dataset: DatasetInfo, extra: string[]): string {
  const cpus = os.cpus();
  const lines = [
    `Directory page benchmark — ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${dataset.postgresVersion}`,
    'Client (autocannon), server (one Node process) and PostgreSQL share this machine: numbers are noisy, ratios matter more than absolutes.',
    `Latencies are medians (p50) and p99 over every response; req/s = responses completed / run time.`,
    `Dataset: '${dataset.size}' at ${redact(settings.databaseUrl)} — doctors ${int(dataset.doctors)}, clinics ${int(dataset.clinics)}, reviews ${int(dataset.reviews)}`,
  ];
  if (settings.seedSize !== 'large' || dataset.size !== 'large') {
    lines.push(
      `NOTE: not the large set (BENCH_SEED_SIZE=${settings.seedSize}, database holds '${dataset.size}'): the issue's targets are defined on 'large'.`,
    );
  }
  lines.push(
    `Load: ${settings.connections} connections × ${settings.duration} s per target after a ${settings.warmup} s warm-up; server NODE_ENV=production; sequential: 1 connection × ${settings.seqDuration} s`,
    ...extra,
  );
  return lines.join('\n');
}

interface Phase {
  /** Per target, the run with the median req/s over the rounds. */
  load: Map<Target['key'], LoadResult>;
  /** Per target, every round's run, in round order. */
  runs: Map<Target['key'], LoadResult[]>;
  drained: Map<Target['key'], number>;
}

/**
 * Runs every target once per round, in the given order (each static copy next to its pages),
 * so that a page and its yardstick are measured within seconds of each other.
 */
async function loadPhase(targets: Target[], phase: string): Promise<Phase> {
  const runs = new Map<Target['key'], LoadResult[]>();
  const drained = new Map<Target['key'], number>();
  const seconds = settings.rounds > 1 ? Math.max(3, settings.duration / 2) : settings.duration;
  for (let round = 1; round <= settings.rounds; round++) {
    for (const t of targets) {
      const url = `${server.origin}${t.path}`;
      process.stdout.write(`${`${phase} ${round}/${settings.rounds}`.padEnd(12)} ${t.label.padEnd(52)} `);
      await warmUp(url, settings.connections, round === 1 ? settings.warmup : 1);
      await waitForIdleDatabase(settings.databaseUrl);
      const r = await runLoad(url, settings.connections, seconds);
      runs.set(t.key, [...(runs.get(t.key) ?? []), r]);
      // Requests still in the server when autocannon stops would slow down the next target.
      const busy = await waitForIdleDatabase(settings.databaseUrl);
      if (busy > 1) drained.set(t.key, Math.max(busy, drained.get(t.key) ?? 0));
      console.log(
        `${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms${busy > 1 ? `  (db busy ${busy.toFixed(1)} s after the run)` : ''}`,
      );
    }
  }
  const load = new Map<Target['key'], LoadResult>();
  for (const [key, list] of runs) {
    const sorted = [...list].sort((a, b) => a.rps - b.rps);
    load.set(key, sorted[Math.floor((sorted.length - 1) / 2)]);
  }
  return { load, runs, drained };
}

interface AccountsResult {
  signIn: SignInResult[];
  favourites: CallResult[];
  slots: CallResult[];
  booking: { race: RaceResult; distinct: ThroughputResult; poolSize: number } | null;
}

/**
 * Issue 5's figures on the running server: sign-in round trips (1 and 10 patients at once),
 * then the favourites state call for one page of 20 doctors as the last signed-in patient.
 */
async function accountsPhase(
  origin: string,
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
  bookingPool: { doctor_id: number; lpu_id: number }[],
): Promise<AccountsResult> {
  const doctorIds = doctorsLpus.map((d) => d.doctor_id);
  const signIn: SignInResult[] = [];
  for (const workers of [1, 10]) {
    const r = await signInRoundTrips(origin, workers, settings.seqDuration);
    signIn.push(r);
    console.log(
      `sign-in  ${`code request + confirm + login, ${workers} at once`.padEnd(52)} ${r.sessionsPerSecond.toFixed(1).padStart(6)} sessions/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms${Object.keys(r.failures).length ? `  failures ${JSON.stringify(r.failures)}` : ''}`,
    );
  }
  const session = signIn.find((r) => r.session)?.session;
  const anonymousCsrf = await fetch(`${origin}/healthz`).then(
    (r) =>
      r.headers
        .getSetCookie()
        .find((c) => c.startsWith('csrftoken='))
        ?.split(';')[0]
        .slice(10) ?? '',
  );
  if (!session) throw new Error('no sign-in succeeded: cannot time the favourites call');
  const favourites: CallResult[] = [];
  const request = { path: '/api/patient/favourites/doctors/', body: doctorIds, ...session };
  for (const connections of [1, 10]) {
    await runPostCall(origin, 'favourites state, 20 ids', request, connections, 1);
    const r = await runPostCall(
      origin,
      'favourites state, 20 ids',
      request,
      connections,
      settings.seqDuration,
    );
    favourites.push(r);
    console.log(
      `call     ${`favourites state (20 ids), ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms${Object.keys(r.non2xx).length ? `  other ${JSON.stringify(r.non2xx)}` : ''}`,
    );
  }
  // Issue 4's figure: the slots of one list page (20 doctors at their first clinic) for 14 days.
  const slots: CallResult[] = [];
  const slotsRequest = {
    path: '/ajax/schedule/slots_bulk/',
    body: {
      days: 14,
      dt_start: new Date().toISOString().slice(0, 10),
      town_timedelta: 3,
      doctors_lpus: doctorsLpus,
    },
    cookie: '',
    csrf: anonymousCsrf,
  };
  for (const connections of [1, 10]) {
    await runPostCall(origin, 'slots_bulk, 20 doctors × 14 days', slotsRequest, connections, 1);
    const r = await runPostCall(
      origin,
      'slots_bulk, 20 doctors × 14 days',
      slotsRequest,
      connections,
      settings.seqDuration,
    );
    slots.push(r);
    console.log(
      `call     ${`slots_bulk (20 doctors × 14 days), ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms${Object.keys(r.non2xx).length ? `  other ${JSON.stringify(r.non2xx)}` : ''}`,
    );
  }
  return { signIn, favourites, slots, booking: await bookingPhase(origin, session, bookingPool) };
}

/**
 * Issue 4's booking figures: 200 bookings of one slot at once (exactly one winner), then
 * bookings/s on distinct free slots, 20 at a time, as one signed-in patient. Everything booked
 * is cancelled afterwards, so the next run finds the same free slots.
 */
async function bookingPhase(
  origin: string,
  session: { cookie: string; csrf: string },
  doctorsLpus: { doctor_id: number; lpu_id: number }[],
): Promise<AccountsResult['booking']> {
  // Moscow's date (the bench town); slots_bulk drops the past anyway.
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const pool = await freeSlotsOf(origin, session, doctorsLpus, today);
  if (pool.length < 2) {
    console.log('booking  no free slots in the pool: skipped');
    return null;
  }
  // Spread the distinct-slot bookings over doctors, as real traffic is.
  for (let i = pool.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const [raced, ...rest] = pool;
  const race = await raceForOneSlot(origin, session, raced, RACE_ATTEMPTS);
  console.log(
    `booking  ${`one slot, ${RACE_ATTEMPTS} at once`.padEnd(52)} winners ${race.winners}  409s ${race.conflicts}  other ${JSON.stringify(race.other)}  in ${race.seconds.toFixed(2)} s`,
  );
  const distinct = await bookDistinctSlots(origin, session, rest, BOOKING_WORKERS, settings.seqDuration);
  console.log(
    `booking  ${`distinct slots, ${BOOKING_WORKERS} at once`.padEnd(52)} ${distinct.bookingsPerSecond.toFixed(0).padStart(6)} bookings/s  p50 ${ms(distinct.p50)} ms  p95 ${ms(distinct.p95)} ms  p99 ${ms(distinct.p99)} ms${Object.keys(distinct.other).length ? `  other ${JSON.stringify(distinct.other)}` : ''}`,
  );
  await cancelAll(origin, session, [...race.made, ...distinct.made]);
  const { made: _r, ...raceFigures } = race;
  const { made: _d, ...distinctFigures } = distinct;
  return { race: raceFigures, distinct: distinctFigures, poolSize: pool.length };
}

function accountsTable(accounts: AccountsResult): string {
  return [
    'Accounts (dev providers; a fresh phone and address per sign-in; the harness reads codes from /dev/outbox.json, not timed):',
    table(
      ['measure', 'at once', 'sessions/s or req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failures'],
      [
        ...accounts.signIn.map((r) => [
          'code request + confirm + login',
          int(r.workers),
          r.sessionsPerSecond.toFixed(1),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          JSON.stringify(r.failures),
        ]),
        ...(accounts.booking
          ? [
              [
                `booking one slot (${accounts.booking.race.attempts} at once): winners / 409s`,
                int(accounts.booking.race.attempts),
                `${accounts.booking.race.winners} / ${accounts.booking.race.conflicts}`,
                '',
                '',
                '',
                JSON.stringify(accounts.booking.race.other),
              ],
              [
                `booking distinct slots (pool ${accounts.booking.poolSize}): bookings/s`,
                int(accounts.booking.distinct.workers),
                accounts.booking.distinct.bookingsPerSecond.toFixed(0),
                ms(accounts.booking.distinct.p50),
                ms(accounts.booking.distinct.p95),
                ms(accounts.booking.distinct.p99),
                JSON.stringify(accounts.booking.distinct.other),
              ],
            ]
          : []),
        ...[...accounts.favourites, ...accounts.slots].map((c) => [
          c.name,
          int(c.connections),
          int(c.rps),
          ms(c.p50),
          ms(c.p95),
          ms(c.p99),
          JSON.stringify(c.non2xx),
        ]),
      ],
      [false, true, true, true, true, true, false],
    ),
  ].join('\n');
}

function accountsChecks(accounts: AccountsResult) {
  const checks: { name: string; pass: boolean; detail: string }[] = [];
  const one = accounts.favourites.find((c) => c.connections === 1);
  if (one)
    checks.push({
      name: `favourites state call (20 ids): p95 < ${MAX_FAVOURITES_P95_MS} ms (1 connection)`,
      pass: one.p95 < MAX_FAVOURITES_P95_MS,
      detail: `p95 ${ms(one.p95)} ms, p50 ${ms(one.p50)} ms`,
    });
  const slots = accounts.slots.find((c) => c.connections === 1);
  if (slots)
    checks.push({
      name: `slots_bulk (20 doctors × 14 days): p95 < ${MAX_SLOTS_P95_MS} ms (1 connection)`,
      pass: slots.p95 < MAX_SLOTS_P95_MS,
      detail: `p95 ${ms(slots.p95)} ms, p50 ${ms(slots.p50)} ms`,
    });
  const booking = accounts.booking;
  checks.push({
    name: `one slot, ${RACE_ATTEMPTS} bookings at once: exactly one winner, the rest 409, no 5xx`,
    pass: booking !== null && booking.race.winners === 1 && booking.race.conflicts === RACE_ATTEMPTS - 1,
    detail: booking
      ? `winners ${booking.race.winners}, 409s ${booking.race.conflicts}, other ${JSON.stringify(booking.race.other)}`
      : 'no free slots',
  });
  checks.push({
    name: `bookings of distinct slots ≥ ${MIN_BOOKINGS_PER_SECOND}/s (${BOOKING_WORKERS} at once)`,
    pass: booking !== null && booking.distinct.bookingsPerSecond >= MIN_BOOKINGS_PER_SECOND,
    detail: booking
      ? `${booking.distinct.bookingsPerSecond.toFixed(0)}/s, p95 ${ms(booking.distinct.p95)} ms`
      : 'no free slots',
  });
  return checks;
}

/** The doctors of the first list pages, for the distinct-slot booking pool. */
async function bookingPoolOf(svc: Services, town: Awaited<ReturnType<typeof requireTown>>) {
  const pages = await Promise.all(
    Array.from({ length: BOOKING_POOL_PAGES }, (_, i) => svc.directory.doctorList(town, { page: i + 1 })),
  );
  return pages.flatMap((p) => doctorsLpusOf(p.doctors));
}

/** A list page's cards as the schedule widget asks for them: each doctor at the card's clinic. */
function doctorsLpusOf(cards: { id: number; workplaces: { clinicId: number }[] }[]) {
  return cards
    .filter((c) => c.workplaces.length > 0)
    .map((c) => ({ doctor_id: c.id, lpu_id: c.workplaces[0].clinicId }));
}

async function accountsOnly() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  buildIfNeeded();
  services = await openServices(settings.databaseUrl);
  const town = await requireTown(services, TOWN);
  const firstPage = await services.directory.doctorList(town, { page: 1 });
  await server.start({ PAGE_CACHE_TTL_MS: '0' });
  const accounts = await accountsPhase(
    server.origin,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  await server.stop();
  console.log(`\n${accountsTable(accounts)}\n`);
  for (const c of accountsChecks(accounts))
    console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
}

async function main() {
  console.log(`Preparing the database ${redact(settings.databaseUrl)}…`);
  const dataset = await prepareDatabase(settings.databaseUrl, settings.seedSize, { reseed: flags.reseed });
  const built = buildIfNeeded();

  services = await openServices(settings.databaseUrl);
  const town = await requireTown(services, TOWN);
  const spec = await pickSpeciality(settings.databaseUrl, TOWN, DOCTORS_PER_PAGE);
  const firstPage = await services.directory.doctorList(town, { page: 1 });
  const doctor = [...firstPage.doctors].sort((a, b) => b.reviewsCount - a.reviewsCount)[0];
  if (!doctor) throw new Error(`/${TOWN}/vrach/ has no doctors`);
  const clinics = await services.directory.clinicList(town, { page: 1 });
  const clinic = [...clinics.clinics].sort((a, b) => b.doctorsCount - a.doctorsCount)[0];
  if (!clinic) throw new Error(`/${TOWN}/lpu/ has no clinics`);
  const heavy = await reviewHeavyDoctor(services.db, TOWN);
  const [searchPaths, pricePaths, reviewPaths] = await Promise.all([
    searchCallPaths(services.db),
    priceListCallPaths(services.db),
    reviewsCallPaths(services.db, heavy.id),
  ]);

  const specBase = `/${TOWN}/vrach/${spec.slug}/`;
  const deepLabel =
    spec.page === 200 ? 'page 200' : `page ${spec.page} (LAST page: only ${spec.numPages} pages)`;
  const pages: Target[] = [
    { key: 'list', label: `/${TOWN}/vrach/`, path: `/${TOWN}/vrach/`, data: { kind: 'list', page: 1 } },
    {
      key: 'spec1',
      label: `${specBase} page 1`,
      path: specBase,
      data: { kind: 'list', specialityId: spec.id, page: 1 },
    },
    {
      key: 'specN',
      label: `${specBase}?page=${spec.page}`,
      path: `${specBase}?page=${spec.page}`,
      data: { kind: 'list', specialityId: spec.id, page: spec.page },
    },
    {
      key: 'doctor',
      label: `doctor ${doctor.url}`,
      path: doctor.url,
      data: { kind: 'doctor', id: doctor.id },
    },
    { key: 'clinic', label: `clinic ${clinic.url}`, path: clinic.url },
    {
      key: 'reviews',
      label: `reviews ${heavy.path}otzivi/ (${int(heavy.reviews)})`,
      path: `${heavy.path}otzivi/`,
    },
  ];
  const pageOf = (key: PageKey) => pages.find((p) => p.key === key)!;
  const statics: Target[] = RATIO_PAGES.map((key) => ({
    key: `static-${key}`,
    label: `static copy of ${key} (${staticName(key)})`,
    path: `/${staticName(key)}`,
  }));
  /** Each static copy just before its pages, so every round measures them side by side. */
  const staticOf = (key: Target['key']): RatioPage =>
    key === 'spec1' || key === 'specN' ? 'list' : (key as RatioPage);
  const interleaved = (list: Target[]) =>
    RATIO_PAGES.flatMap((key) => [
      statics.find((t) => t.key === `static-${key}`) as Target,
      ...list.filter((t) => staticOf(t.key) === key),
    ]);

  // The static files must exist before the server starts: @fastify/static registers files at boot.
  const uncached = { PAGE_CACHE_TTL_MS: '0' };
  console.log(`Starting the server on ${server.origin}…`);
  await server.start(uncached);
  const sizes = new Map<RatioPage, number>();
  mkdirSync(path.dirname(staticFile('list')), { recursive: true });
  for (const key of RATIO_PAGES) {
    const html = await expectOk(`${server.origin}${pageOf(key).path}`);
    writeFileSync(staticFile(key), html);
    sizes.set(key, html.length);
  }
  console.log(
    `Wrote static copies of ${RATIO_PAGES.map((k) => `${k} (${int(sizes.get(k)!)} bytes)`).join(', ')}; restarting…`,
  );
  await server.stop();
  await server.start(uncached);
  for (const key of RATIO_PAGES) {
    const body = await expectOk(`${server.origin}/${staticName(key)}`);
    if (body.length !== sizes.get(key)) throw new Error(`static ${key} served ${body.length} bytes`);
  }
  for (const t of pages) await expectOk(`${server.origin}${t.path}`);

  const extra = [
    `Speciality: ${spec.slug} (${spec.name}) — ${int(spec.doctors)} doctors in ${town.name}, ${int(spec.numPages)} pages; deep page: ${deepLabel}`,
    `Doctor page: ${doctor.url} (${doctor.fullName}, ${int(doctor.reviewsCount)} reviews; most reviewed on list page 1)`,
    `Clinic page: ${clinic.url} (${clinic.name}, ${int(clinic.doctorsCount)} doctors; most doctors on list page 1)`,
    `Reviews page: ${heavy.path}otzivi/ (${int(heavy.reviews)} shown reviews${heavy.added ? `; ${int(heavy.added)} copied to it this run` : ''}; the town's most reviewed doctor)`,
    `Rounds: ${settings.rounds} per phase; a ratio is the median over rounds of page ÷ its static copy measured beside it`,
    `Static copies: the same bytes as each page, served by the same server (@fastify/static)`,
    `Calls: ${searchPaths.length} search suggestion, ${pricePaths.length} price list and ${reviewPaths.length} reviews requests, cycled`,
  ];
  if (spec.page !== 200) {
    extra.push(
      `WARNING: page 200 needs ≥ ${int(199 * DOCTORS_PER_PAGE + 1)} doctors in one speciality; the largest has ${int(spec.doctors)}: measured its last page (${spec.page}).`,
    );
  }
  const setup = [...dataset.actions, ...(built ? [built] : [])];
  if (setup.length) extra.push(`This run also: ${setup.join('; ')}`);
  console.log(
    `\nUncached phase: ${statics.length + pages.length} targets × (${settings.warmup} + ${settings.duration}) s…`,
  );
  const uncachedPhase = await loadPhase(interleaved(pages), 'load');
  const { load, drained } = uncachedPhase;

  const sequential = new Map<Target['key'], LoadResult>();
  for (const t of pages) {
    if (!t.data) continue;
    process.stdout.write(`1 conn   ${t.label.padEnd(52)} `);
    const r = await runLoad(`${server.origin}${t.path}`, 1, settings.seqDuration);
    sequential.set(t.key, r);
    console.log(`p50 ${ms(r.p50)} ms`);
  }

  const calls: CallResult[] = [];
  for (const [name, paths] of [
    ['search suggestions', searchPaths],
    ['clinic price list', pricePaths],
    ['reviews page call', reviewPaths],
  ] as const) {
    for (const connections of [1, 10]) {
      await runCalls(server.origin, name, paths, connections, 1);
      const r = await runCalls(server.origin, name, paths, connections, settings.seqDuration);
      calls.push(r);
      console.log(
        `call     ${`${name}, ${connections} conn`.padEnd(52)} ${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms`,
      );
    }
  }
  const accounts = await accountsPhase(
    server.origin,
    doctorsLpusOf(firstPage.doctors),
    await bookingPoolOf(services, town),
  );
  const serverLogged = server.logged;
  const serverTail = server.tail(10);
  await server.stop();

  // Cached phase: the production page cache for anonymous visitors.
  await server.start({ PAGE_CACHE_TTL_MS: String(CACHE_TTL_MS) });
  const cachedPages = RATIO_PAGES.map(pageOf);
  const cacheStates: string[] = [];
  for (const t of cachedPages) {
    await expectOk(`${server.origin}${t.path}`);
    const res = await fetch(`${server.origin}${t.path}`);
    await res.arrayBuffer();
    cacheStates.push(`${t.key}: ${res.headers.get('x-page-cache') ?? 'not cacheable'}`);
  }
  console.log(
    `\nCached phase (PAGE_CACHE_TTL_MS=${CACHE_TTL_MS}; second request: ${cacheStates.join(', ')})…`,
  );
  const cached = await loadPhase(interleaved(cachedPages), 'cached');

  const scripts = await Promise.all(RATIO_PAGES.map((key) => firstLoadJs(server.origin, pageOf(key).path)));
  for (const js of scripts) {
    console.log(
      `js       ${js.path.padEnd(52)} ${(js.gzip / 1024).toFixed(1)} KB gzip in ${js.files.length} files`,
    );
  }
  console.log(`\nLighthouse (mobile preset), ${settings.lighthouseRuns} runs per page…`);
  const audits = await runLighthouse(
    cachedPages.map((t) => `${server.origin}${t.path}`),
    settings.lighthouseRuns,
  );
  for (const a of audits) {
    console.log(
      `lighthouse ${a.url.padEnd(50)} performance ${a.performance}  accessibility ${a.accessibility}`,
    );
  }
  await server.stop();
  removeStaticFiles();

  const breakdown: Breakdown[] = [];
  for (const t of pages) {
    if (!t.data) continue;
    process.stdout.write(`data     ${t.label.padEnd(52)} `);
    const pageData = pageCalls(services, town, t.data);
    const data = await time(pageData.full);
    const ids = pageData.ids ? await time(pageData.ids) : null;
    breakdown.push({ key: t.key, label: t.label, data, ids, http: sequential.get(t.key)! });
    console.log(`p50 ${ms(data.p50)} ms`);
  }
  await services.close();
  services = null;

  // ---- report ----
  /** A page's throughput over its own static copy's: the median over rounds of the side-by-side ratio. */
  const ratioIn = (phase: Phase, key: Target['key']) => {
    const page = phase.runs.get(key) ?? [];
    const base = phase.runs.get(`static-${staticOf(key)}`) ?? [];
    const ratios = page.flatMap((r, i) => (base[i] ? [r.rps / base[i].rps] : []));
    return ratios.length ? median(ratios) : Number.NaN;
  };
  const roundsOf = (phase: Phase, key: Target['key']) =>
    (phase.runs.get(key) ?? []).map((r) => int(r.rps)).join(' / ');
  const loadTable = (phase: Phase, targets: Target[]) =>
    table(
      [
        'target',
        'req/s (median)',
        'req/s per round',
        'p50 ms',
        'p99 ms',
        'ratio to its static copy',
        'KB/resp',
        'non-2xx',
        'errors',
      ],
      targets.map((t) => {
        const r = phase.load.get(t.key)!;
        return [
          t.label,
          int(r.rps),
          roundsOf(phase, t.key),
          ms(r.p50),
          ms(r.p99),
          t.key.startsWith('static-') ? '100%' : pct(100 * ratioIn(phase, t.key)),
          (r.bytesPerResponse / 1024).toFixed(1),
          int(r.non2xx),
          int(r.errors),
        ];
      }),
      [false, true, true, true, true, true, true, true, true],
    );
  const out: string[] = ['', header(dataset, extra), ''];
  out.push(
    'Uncached (PAGE_CACHE_TTL_MS=0): every request renders',
    loadTable(uncachedPhase, interleaved(pages)),
  );
  out.push(
    '',
    `Page cache for anonymous visitors (PAGE_CACHE_TTL_MS=${CACHE_TTL_MS}, invalidated by data changes; ${cacheStates.join(', ')})`,
    loadTable(cached, interleaved(cachedPages)),
  );
  out.push(
    '',
    'Calls (GET, rotating realistic requests; latency of 200 and 404 answers):',
    table(
      ['call', 'paths', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'other statuses', 'errors'],
      calls.map((c) => [
        c.name,
        int(c.paths),
        int(c.connections),
        int(c.rps),
        ms(c.p50),
        ms(c.p95),
        ms(c.p99),
        JSON.stringify(c.non2xx),
        int(c.errors),
      ]),
      [false, true, true, true, true, true, true, false, true],
    ),
  );

  out.push('', accountsTable(accounts));

  const checks: { name: string; pass: boolean; detail: string }[] = [...accountsChecks(accounts)];
  for (const key of ['list', 'spec1', 'specN', 'doctor', 'clinic', 'reviews'] as const) {
    const r = load.get(key)!;
    const ratio = ratioIn(uncachedPhase, key);
    checks.push({
      name: `${pageOf(key).label}: uncached throughput ≥ ${MIN_STATIC_RATIO * 100}% of its static copy`,
      pass: ratio >= MIN_STATIC_RATIO,
      detail: `${int(r.rps)} req/s = ${pct(100 * ratio)} (median of ${settings.rounds} side-by-side ratios; p99 ${ms(r.p99)} ms)`,
    });
  }
  for (const t of cachedPages) {
    const ratio = ratioIn(cached, t.key);
    checks.push({
      name: `${t.label}: cached throughput ≥ ${MIN_CACHED_STATIC_RATIO * 100}% of its static copy`,
      pass: ratio >= MIN_CACHED_STATIC_RATIO,
      detail: `${int(cached.load.get(t.key)!.rps)} req/s = ${pct(100 * ratio)}`,
    });
  }
  for (const key of ['list', 'spec1', 'specN'] as const) {
    const r = load.get(key)!;
    checks.push({
      name: `${pageOf(key).label}: uncached p99 < ${MAX_P99_MS} ms at ${settings.connections} connections`,
      pass: r.p99 < MAX_P99_MS,
      detail: `p99 ${ms(r.p99)} ms`,
    });
  }
  const p1 = load.get('spec1')!;
  const pN = load.get('specN')!;
  checks.push({
    name: `${deepLabel} p50 within ${MAX_DEEP_PAGE_FACTOR}× of page 1 p50`,
    pass: pN.p50 <= MAX_DEEP_PAGE_FACTOR * p1.p50,
    detail: `${ms(pN.p50)} vs ${ms(p1.p50)} ms = ${(pN.p50 / p1.p50).toFixed(2)}× (1 connection: ${ms(sequential.get('specN')!.p50)} vs ${ms(sequential.get('spec1')!.p50)} ms = ${(sequential.get('specN')!.p50 / sequential.get('spec1')!.p50).toFixed(2)}×)`,
  });
  for (const c of calls.filter((x) => x.connections === 1)) {
    checks.push({
      name: `${c.name}: p95 < ${MAX_CALL_P95_MS} ms (1 connection)`,
      pass: c.p95 < MAX_CALL_P95_MS,
      detail: `p95 ${ms(c.p95)} ms, p50 ${ms(c.p50)} ms`,
    });
  }
  for (const a of audits) {
    const label = a.url.replace(server.origin, '');
    checks.push({
      name: `${label}: Lighthouse performance ≥ ${MIN_LIGHTHOUSE_PERFORMANCE} (median of ${a.runs.length})`,
      pass: a.performance >= MIN_LIGHTHOUSE_PERFORMANCE,
      detail: `runs ${a.runs.map((r) => r.performance).join(', ')}; LCP ${a.runs.map((r) => (r.lcpMs / 1000).toFixed(1)).join('/')} s, TBT ${a.runs.map((r) => Math.round(r.tbtMs)).join('/')} ms`,
    });
    checks.push({
      name: `${label}: Lighthouse accessibility ≥ ${MIN_LIGHTHOUSE_ACCESSIBILITY}`,
      pass: a.accessibility >= MIN_LIGHTHOUSE_ACCESSIBILITY,
      detail: `${a.accessibility}${a.failedA11y.length ? `; failed audits: ${a.failedA11y.join(', ')}` : ''}`,
    });
  }
  const doctorJs = scripts[RATIO_PAGES.indexOf('doctor')];
  checks.push({
    name: `doctor page first-load JavaScript ≤ ${MAX_DOCTOR_PAGE_JS_GZIP / 1024} KB gzipped`,
    pass: doctorJs.gzip <= MAX_DOCTOR_PAGE_JS_GZIP,
    detail: `${(doctorJs.gzip / 1024).toFixed(1)} KB in ${doctorJs.files.length} files (${(doctorJs.bytes / 1024).toFixed(0)} KB raw); list ${(scripts[0].gzip / 1024).toFixed(1)} KB, clinic ${(scripts[2].gzip / 1024).toFixed(1)} KB`,
  });
  out.push('', 'Checks:');
  for (const c of checks) out.push(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name} — ${c.detail}`);

  out.push(
    '',
    'Where the time goes (sequential, idle server): data = the loader’s service call in process (50 runs after 5 warm-up);',
    'ids+count = the list’s id page + total count query alone; full = HTTP request on 1 connection; render+HTTP = full − data.',
    table(
      ['page', 'data p50', 'data p90', 'ids+count p50', 'full p50', 'render+HTTP', 'render+HTTP share'],
      breakdown.map((b) => {
        const rest = b.http.p50 - b.data.p50;
        return [
          b.label,
          ms(b.data.p50),
          ms(b.data.p90),
          b.ids ? ms(b.ids.p50) : '—',
          ms(b.http.p50),
          // Both sides are medians of separate runs: a page that is nearly all data can come out below 0.
          rest < 0 ? `${ms(rest)} (≈0)` : ms(rest),
          rest < 0 ? '≈0%' : pct((100 * rest) / b.http.p50),
        ];
      }),
      [false, true, true, true, true, true, true],
    ),
  );

  const failedRuns = [...load.values(), ...cached.load.values(), ...sequential.values()].filter(
    (r) => r.non2xx > 0 || r.errors > 0 || r.requests === 0,
  );
  for (const [key, seconds] of drained) {
    out.push(
      '',
      `NOTE: ${key}: the database stayed busy ${seconds.toFixed(1)} s after the run (requests accepted, not answered in time); the next target waited for it.`,
    );
  }
  if (serverLogged > 0)
    out.push('', `The server logged ${serverLogged} warning/error lines; the last ones:`, serverTail);
  if (failedRuns.length) {
    out.push('', 'ERROR: some runs failed or completed nothing — their numbers are not valid:');
    for (const r of failedRuns) {
      out.push(
        `  ${r.url}: status counts ${JSON.stringify(r.statusCounts)}, ${r.errors} errors (${r.timeouts} timeouts)${r.firstError ? `, first: ${r.firstError}` : ''}`,
      );
    }
  }
  console.log(out.join('\n'));

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: {
          cores: os.cpus().length,
          cpu: os.cpus()[0]?.model.trim(),
          memoryGB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          postgres: dataset.postgresVersion,
          sharedWithClient: true,
        },
        settings: { ...settings, databaseUrl: redact(settings.databaseUrl) },
        dataset,
        speciality: spec,
        doctor: { id: doctor.id, url: doctor.url, reviewsCount: doctor.reviewsCount },
        reviewsPage: heavy,
        clinic: { id: clinic.id, url: clinic.url },
        staticBytes: Object.fromEntries(sizes),
        uncached: [...statics, ...pages].map((t) => ({
          key: t.key,
          label: t.label,
          path: t.path,
          ...load.get(t.key),
          rounds: uncachedPhase.runs.get(t.key)?.map((r) => r.rps),
          ratioToStatic: t.key.startsWith('static-') ? 1 : ratioIn(uncachedPhase, t.key),
          dbBusyAfterSeconds: drained.get(t.key) ?? 0,
        })),
        cached: [...statics, ...cachedPages].map((t) => ({
          key: t.key,
          ...cached.load.get(t.key),
          rounds: cached.runs.get(t.key)?.map((r) => r.rps),
          ratioToStatic: t.key.startsWith('static-') ? 1 : ratioIn(cached, t.key),
        })),
        calls,
        accounts: {
          signIn: accounts.signIn.map(({ session: _session, ...r }) => r),
          favourites: accounts.favourites,
        },
        slots: accounts.slots,
        booking: accounts.booking,
        firstLoadJs: scripts,
        lighthouse: audits,
        checks,
        breakdown: breakdown.map((b) => ({
          key: b.key,
          label: b.label,
          data: b.data,
          idsAndCount: b.ids,
          fullRequestP50: b.http.p50,
          fullRequestP90: b.http.p90,
          sequentialRequests: b.http.requests,
          renderAndHttpMs: b.http.p50 - b.data.p50,
        })),
        serverLogLines: serverLogged,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResults: ${path.relative('.', RESULTS_FILE)}`);
  if (failedRuns.length) process.exitCode = 1;
}

try {
  await (flags['accounts-only'] ? accountsOnly() : main());
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
