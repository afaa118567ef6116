/**
 * `npm run bench [-- --build] [-- --reseed]`
 *
 * Directory page benchmark against PostgreSQL with the server in production mode:
 * autocannon (50 connections, 10 s each, after a 2 s warm-up) on the doctor list, a speciality
 * list (page 1 and page 200), a doctor page and a static HTML file of the list page's size
 * served by the same server; then where a page's time goes (its data calls measured in
 * process vs the full request on one connection). Prints tables and writes
 * bench/results/latest.json.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/portal_bench),
 * BENCH_SEED_SIZE (large | small), BENCH_PORT (3200), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_SEQ_DURATION (5 s).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DOCTORS_PER_PAGE } from '../server/modules/directory/service';
import {
  type DatasetInfo,
  pickSpeciality,
  prepareDatabase,
  redact,
  type SeedSize,
  waitForIdleDatabase,
} from './database';
import { type LoadResult, runLoad, warmUp } from './load';
import { openServices, pageCalls, requireTown, type Services, type Timing, time } from './queries';
import { BenchServer } from './server';
import { int, ms, pct, table } from './stats';

const TOWN = 'moskva';
const STATIC_NAME = 'bench-static.html';
const STATIC_FILE = path.resolve('build/client', STATIC_NAME);
const RESULTS_FILE = path.resolve('bench/results/latest.json');

/** Targets from the issue. */
const MIN_STATIC_RATIO = 0.05;
const MAX_P99_MS = 80;
const MAX_DEEP_PAGE_FACTOR = 1.5;

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
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help) {
  console.log(
    'Usage: npm run bench [-- --build] [-- --reseed]   (settings: see the comment atop bench/run.ts)',
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
};

interface Target {
  key: 'static' | 'list' | 'spec1' | 'specN' | 'doctor';
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

function removeStaticFile() {
  rmSync(STATIC_FILE, { force: true });
}

async function cleanUp() {
  removeStaticFile();
  await server.stop().catch(() => server.killNow());
  await services?.close().catch(() => {});
  services = null;
}

process.on('exit', () => {
  server.killNow();
  removeStaticFile();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing ${path.relative('.', STATIC_FILE)}…`);
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
    `Load: ${settings.connections} connections × ${settings.duration} s per target after a ${settings.warmup} s warm-up; server NODE_ENV=production, no page cache; sequential: 1 connection × ${settings.seqDuration} s`,
    ...extra,
  );
  return lines.join('\n');
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

  const specBase = `/${TOWN}/vrach/${spec.slug}/`;
  const deepLabel =
    spec.page === 200 ? 'page 200' : `page ${spec.page} (LAST page: only ${spec.numPages} pages)`;
  const targets: Target[] = [
    { key: 'static', label: `static ${STATIC_NAME}`, path: `/${STATIC_NAME}` },
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
  ];

  // The static file must exist before the server starts: @fastify/static registers files at boot.
  console.log(`Starting the server on ${server.origin}…`);
  await server.start();
  const listHtml = await expectOk(`${server.origin}/${TOWN}/vrach/`);
  mkdirSync(path.dirname(STATIC_FILE), { recursive: true });
  writeFileSync(STATIC_FILE, listHtml);
  console.log(
    `Wrote ${path.relative('.', STATIC_FILE)} (${int(listHtml.length)} bytes, a copy of /${TOWN}/vrach/); restarting…`,
  );
  await server.stop();
  await server.start();
  const staticBody = await expectOk(`${server.origin}/${STATIC_NAME}`);
  if (staticBody.length !== listHtml.length) {
    throw new Error(`static file served ${staticBody.length} bytes, expected ${listHtml.length}`);
  }
  for (const t of targets) await expectOk(`${server.origin}${t.path}`);

  const extra = [
    `Speciality: ${spec.slug} (${spec.name}) — ${int(spec.doctors)} doctors in ${town.name}, ${int(spec.numPages)} pages; deep page: ${deepLabel}`,
    `Doctor page: ${doctor.url} (${doctor.fullName}, ${int(doctor.reviewsCount)} reviews; most reviewed on list page 1)`,
    `Static file: /${STATIC_NAME}, ${int(listHtml.length)} bytes = the /${TOWN}/vrach/ HTML`,
  ];
  if (spec.page !== 200) {
    extra.push(
      `WARNING: page 200 needs ≥ ${int(199 * DOCTORS_PER_PAGE + 1)} doctors in one speciality; the largest has ${int(spec.doctors)}: measured its last page (${spec.page}).`,
    );
  }
  const setup = [...dataset.actions, ...(built ? [built] : [])];
  if (setup.length) extra.push(`This run also: ${setup.join('; ')}`);
  console.log(
    `\nMeasuring ${targets.length} targets × (${settings.warmup} + ${settings.duration}) s, then sequential runs…`,
  );

  const load = new Map<Target['key'], LoadResult>();
  const drained = new Map<Target['key'], number>();
  for (const t of targets) {
    const url = `${server.origin}${t.path}`;
    process.stdout.write(`load   ${t.label.padEnd(48)} `);
    await warmUp(url, settings.connections, settings.warmup);
    await waitForIdleDatabase(settings.databaseUrl);
    const r = await runLoad(url, settings.connections, settings.duration);
    load.set(t.key, r);
    // Requests still in the server when autocannon stops would slow down the next target.
    const busy = await waitForIdleDatabase(settings.databaseUrl);
    if (busy > 1) drained.set(t.key, busy);
    console.log(
      `${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms${busy > 1 ? `  (db busy ${busy.toFixed(1)} s after the run)` : ''}`,
    );
  }

  const sequential = new Map<Target['key'], LoadResult>();
  for (const t of targets) {
    if (!t.data) continue;
    process.stdout.write(`1 conn ${t.label.padEnd(48)} `);
    const r = await runLoad(`${server.origin}${t.path}`, 1, settings.seqDuration);
    sequential.set(t.key, r);
    console.log(`p50 ${ms(r.p50)} ms`);
  }
  const serverLogged = server.logged;
  const serverTail = server.tail(10);
  await server.stop();
  removeStaticFile();

  const breakdown: Breakdown[] = [];
  for (const t of targets) {
    if (!t.data) continue;
    process.stdout.write(`data   ${t.label.padEnd(48)} `);
    const calls = pageCalls(services, town, t.data);
    const data = await time(calls.full);
    const ids = calls.ids ? await time(calls.ids) : null;
    breakdown.push({ key: t.key, label: t.label, data, ids, http: sequential.get(t.key)! });
    console.log(`p50 ${ms(data.p50)} ms`);
  }
  await services.close();
  services = null;

  // ---- report ----
  const staticRps = load.get('static')!.rps;
  const out: string[] = ['', header(dataset, extra), ''];
  out.push(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'ratio to static', 'KB/resp', 'non-2xx', 'errors'],
      targets.map((t) => {
        const r = load.get(t.key)!;
        return [
          t.label,
          int(r.rps),
          ms(r.p50),
          ms(r.p99),
          t.key === 'static' ? '100%' : pct((100 * r.rps) / staticRps),
          (r.bytesPerResponse / 1024).toFixed(1),
          int(r.non2xx),
          int(r.errors),
        ];
      }),
      [false, true, true, true, true, true, true, true],
    ),
  );

  const checks: { name: string; pass: boolean; detail: string }[] = [];
  for (const key of ['list', 'spec1', 'specN'] as const) {
    const t = targets.find((x) => x.key === key)!;
    const r = load.get(key)!;
    const ratio = r.rps / staticRps;
    checks.push({
      name: `${t.label}: throughput ≥ ${MIN_STATIC_RATIO * 100}% of static`,
      pass: ratio >= MIN_STATIC_RATIO,
      detail: `${int(r.rps)} / ${int(staticRps)} req/s = ${pct(100 * ratio)}`,
    });
  }
  for (const key of ['list', 'spec1', 'specN'] as const) {
    const t = targets.find((x) => x.key === key)!;
    const r = load.get(key)!;
    checks.push({
      name: `${t.label}: p99 < ${MAX_P99_MS} ms at ${settings.connections} connections`,
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

  const failedRuns = [...load.values(), ...sequential.values()].filter(
    (r) => r.non2xx > 0 || r.errors > 0 || r.requests === 0,
  );
  for (const [key, seconds] of drained) {
    out.push(
      '',
      `NOTE: ${targets.find((t) => t.key === key)!.label}: the database stayed busy ${seconds.toFixed(1)} s after the run (requests accepted, not answered in time); the next target waited for it.`,
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
        staticBytes: listHtml.length,
        targets: targets.map((t) => ({
          key: t.key,
          label: t.label,
          path: t.path,
          ...load.get(t.key),
          ratioToStatic: load.get(t.key)!.rps / staticRps,
          dbBusyAfterSeconds: drained.get(t.key) ?? 0,
        })),
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
  await main();
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
