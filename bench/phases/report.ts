/**
 * The benchmark's report: the header, the tables of every phase, the checks against the
 * targets (docs/architecture.md) and the time breakdown, printed; the same figures in bench/results/latest.json.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTORS_PER_PAGE } from '../../server/modules/directory/service';
import type { Town } from '../../server/modules/towns/service';
import { type DatasetInfo, redact, type SpecialityPick } from '../database';
import { BROWSER_ACCEPT_ENCODING, PAGE_ACCEPT, SCRIPT_ACCEPT } from '../encodings';
import { summary } from '../load';
import { int, ms, pct, table } from '../stats';
import { type AccountsResult, accountsTable } from './accounts';
import type { Settings } from './context';
import { type CrawlerResult, crawlerJson } from './crawler';
import type { NearestResult } from './nearest';
import { assetGroup, interleaved, isYardstick, type Target, YARDSTICK_TARGETS } from './page-targets';
import { type Breakdown, CACHE_TTL_MS, type Phase, ratioIn, roundSeconds } from './pages';
import { accountsChecks, type PageRun, pageChecks } from './targets';

const RESULTS_FILE = path.resolve('bench/results/latest.json');

/** Everything a full run measured, with the picks it measured on. */
export interface RunReport extends PageRun {
  dataset: DatasetInfo;
  /** What building the app took, when this run built it. */
  built: string | null;
  town: Town;
  spec: SpecialityPick;
  doctor: { id: number; url: string; fullName: string; reviewsCount: number };
  clinic: { id: number; url: string; name: string; doctorsCount: number };
  heavy: { id: number; path: string; reviews: number; added: number };
  callPaths: { search: string[]; priceList: string[]; reviews: string[] };
  cacheStates: string[];
  accounts: AccountsResult;
  breakdown: Breakdown[];
  serverLogged: number;
  serverTail: string;
  /** The 'Ближайшая запись' sort's timings (bench/phases/nearest.ts), for the scale comparison. */
  nearest?: NearestResult;
  /** The crawler's open-loop runs (bench/phases/crawler.ts), without their samples. */
  crawler?: CrawlerResult;
}

function header(settings: Settings, dataset: DatasetInfo, extra: string[]): string {
  const cpus = os.cpus();
  const lines = [
    `Directory page benchmark — ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${dataset.postgresVersion}`,
    'Client (autocannon), server (one Node process) and PostgreSQL share this machine: numbers are noisy, ratios matter more than absolutes.',
    "Latencies: p50/p95/p99 pooled over every response of every round; 'steady p99' leaves out each connection's first response (its connect and the opening burst). req/s = responses completed / run time, the median round.",
    `Dataset: '${dataset.size}' at ${redact(settings.databaseUrl)} — doctors ${int(dataset.doctors)}, clinics ${int(dataset.clinics)}, reviews ${int(dataset.reviews)}`,
  ];
  if (settings.seedSize !== 'large' || dataset.size !== 'large') {
    lines.push(
      `NOTE: not the large set (BENCH_SEED_SIZE=${settings.seedSize}, database holds '${dataset.size}'): the targets are defined on 'large'.`,
    );
  }
  const seconds = roundSeconds(settings);
  lines.push(
    `Load: ${settings.connections} connections; ${settings.rounds} rounds per phase, each target ${seconds} s per round (${settings.rounds * seconds} s in all), after a warm-up of ${settings.warmup} s before its first run of a phase and ${Math.min(1, settings.warmup)} s before the others; server NODE_ENV=production; sequential: 1 connection × ${settings.seqDuration} s; memory run: ${settings.connections} connections × ${settings.rssDuration} s`,
    `Requests ask as a browser does: accept-encoding: ${BROWSER_ACCEPT_ENCODING}; accept: ${PAGE_ACCEPT} (${SCRIPT_ACCEPT} for the script). The cached phase runs its targets again without Accept-Encoding (identity).`,
    ...extra,
  );
  return lines.join('\n');
}

/** The header's lines about this run: the picks, the rounds, the calls, what setup it did. */
function runNotes(run: RunReport): string[] {
  const { settings, spec, town, doctor, clinic, heavy, callPaths, dataset, built } = run;
  const { deepLabel } = run.targets;
  const extra = [
    `Speciality: ${spec.slug} (${spec.name}) — ${int(spec.doctors)} doctors in ${town.name}, ${int(spec.numPages)} pages; deep page: ${deepLabel}`,
    `Doctor page: ${doctor.url} (${doctor.fullName}, ${int(doctor.reviewsCount)} reviews; most reviewed on list page 1)`,
    `Clinic page: ${clinic.url} (${clinic.name}, ${int(clinic.doctorsCount)} doctors; most doctors on list page 1)`,
    `Reviews page: ${heavy.path}otzivi/ (${int(heavy.reviews)} shown reviews${heavy.added ? `; ${int(heavy.added)} copied to it this run` : ''}; the town's most reviewed doctor)`,
    `Rounds: ${settings.rounds} per phase; a ratio is the median over rounds of page ÷ its yardstick measured beside it, under the same headers`,
    `Yardstick: the same bytes as each page (taken uncached) and as the asset's file held in memory by a Fastify process of its own (bench/yardstick-server.ts), brotli 11 and gzip 9 made once at start, sent by Accept-Encoding: ${[
      ...run.sizes,
    ]
      .map(([key, s]) => `${key} ${kb(s.identity)} KB → br ${kb(s.br)} KB, gzip ${kb(s.gzip)} KB`)
      .join('; ')}`,
    `Static asset: ${run.asset.label}, served by the app's @fastify/static from build/client with its precompressed .br`,
    `Calls: ${callPaths.search.length} search suggestion, ${callPaths.priceList.length} price list and ${callPaths.reviews.length} reviews requests, cycled`,
  ];
  if (spec.page !== 200) {
    extra.push(
      `WARNING: page 200 needs ≥ ${int(199 * DOCTORS_PER_PAGE + 1)} doctors in one speciality; the largest has ${int(spec.doctors)}: measured its last page (${spec.page}).`,
    );
  }
  const setup = [...dataset.actions, ...(built ? [built] : [])];
  if (setup.length) extra.push(`This run also: ${setup.join('; ')}`);
  return extra;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const roundsOf = (phase: Phase, key: Target['key']) =>
  (phase.runs.get(key) ?? []).map((r) => int(r.rps)).join(' / ');

const ratioCell = (phase: Phase, t: Target) =>
  isYardstick(t.key) ? '100%' : pct(100 * ratioIn(phase, t.key));

/** The line above a phase's table: how busy the machine was, and the server's memory at its end. */
const phaseNote = (phase: Phase) =>
  `  load average (1 min) ${phase.loadAvg.start.toFixed(2)} at the start, ${phase.loadAvg.end.toFixed(2)} at the end${phase.memory ? `; server RSS at the end ${phase.memory.rssMb.toFixed(0)} MB` : ''}`;

/** A phase's table: throughput, pooled latencies, the ratio to the yardstick, and what went on the wire. */
const loadTable = (phase: Phase, targets: Target[]) =>
  table(
    [
      'target',
      'req/s (median)',
      'req/s per round',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'steady p99 ms',
      'ratio to its yardstick',
      'encoding',
      'body KB',
      'KB/resp on the wire',
      'non-2xx',
      'errors',
    ],
    targets.map((t) => {
      const r = phase.load.get(t.key)!;
      const p = phase.pooled.get(t.key)!;
      const probe = phase.probes.get(t.key);
      return [
        t.label,
        int(r.rps),
        roundsOf(phase, t.key),
        ms(p.p50),
        ms(p.p95),
        ms(p.p99),
        ms(p.steadyP99),
        ratioCell(phase, t),
        encodingsOf(phase, t),
        probe ? kb(probe.bodyBytes) : '—',
        kb(r.bytesPerResponse),
        int(r.non2xx),
        int(r.errors),
      ];
    }),
    [false, true, true, true, true, true, true, true, false, true, true, true, true],
  );

/** The encodings every round's responses came in ('br', or the mix). */
function encodingsOf(phase: Phase, t: Target): string {
  const counts: Record<string, number> = {};
  for (const r of phase.runs.get(t.key) ?? [])
    for (const [e, n] of Object.entries(r.encodings)) counts[e] = (counts[e] ?? 0) + n;
  const names = Object.keys(counts);
  return names.length <= 1 ? (names[0] ?? '—') : names.map((e) => `${e} ${int(counts[e])}`).join(', ');
}

/** The identity runs beside the browser ones: what compression costs or saves per target. */
const identityTable = (identity: Phase, browser: Phase, targets: Target[]) =>
  table(
    [
      'target',
      'req/s (median)',
      'identity ÷ browser req/s',
      'p50 ms',
      'p99 ms',
      'steady p99 ms',
      'ratio to its yardstick',
      'encoding',
      'KB/resp on the wire',
      'non-2xx',
      'errors',
    ],
    targets.map((t) => {
      const r = identity.load.get(t.key)!;
      const p = identity.pooled.get(t.key)!;
      return [
        t.label,
        int(r.rps),
        `${(r.rps / browser.load.get(t.key)!.rps).toFixed(2)}×`,
        ms(p.p50),
        ms(p.p99),
        ms(p.steadyP99),
        ratioCell(identity, t),
        encodingsOf(identity, t),
        kb(r.bytesPerResponse),
        int(r.non2xx),
        int(r.errors),
      ];
    }),
    [false, true, true, true, true, true, true, false, true, true, true],
  );

/** A phase's figures for the results file: per target, the median round without its samples, the pooled latencies, the rounds' req/s. */
const phaseJson = (phase: Phase, targets: Target[]) => ({
  headers: phase.headers,
  loadAverage: phase.loadAvg,
  serverMemoryAtEnd: phase.memory,
  targets: targets.map((t) => ({
    key: t.key,
    label: t.label,
    path: t.path,
    on: t.on,
    ...summary(phase.load.get(t.key)),
    pooled: phase.pooled.get(t.key),
    probe: phase.probes.get(t.key),
    rounds: phase.runs.get(t.key)?.map((r) => r.rps),
    ratioToYardstick: isYardstick(t.key) ? 1 : ratioIn(phase, t.key),
    dbBusyAfterSeconds: phase.drained.get(t.key) ?? 0,
  })),
});

/** Prints the report and writes the results file; true when a check failed or some run failed or completed nothing. */
export function report(run: RunReport): boolean {
  const { settings, dataset, spec, doctor, clinic, heavy, sizes, cacheStates, cachedPages, cached } = run;
  const { pages } = run.targets;
  const { calls, accounts, sequential, scripts, audits, breakdown, serverLogged, serverTail } = run;
  const { cachedIdentity, asset, memory } = run;
  const uncachedPhase = run.uncached;
  const { load, drained } = uncachedPhase;
  const extra = runNotes(run);
  const out: string[] = ['', header(settings, dataset, extra), ''];
  const uncachedTargets = interleaved(pages).flat();
  const cachedTargets = [...interleaved(cachedPages), assetGroup(asset)].flat();
  out.push(
    "Uncached (PAGE_CACHE_TTL_MS=0), a browser's headers: every request renders and is compressed on the fly",
    phaseNote(uncachedPhase),
    loadTable(uncachedPhase, uncachedTargets),
  );
  out.push(
    '',
    `Page cache for anonymous visitors (PAGE_CACHE_TTL_MS=${CACHE_TTL_MS}, invalidated by data changes; ${cacheStates.join(', ')}), a browser's headers:`,
    phaseNote(cached),
    loadTable(cached, cachedTargets),
    '',
    "The same, without Accept-Encoding (identity), each run right after its group's browser runs:",
    identityTable(cachedIdentity, cached, cachedTargets),
  );
  const mem = memory.after;
  out.push(
    '',
    `Memory: ${memory.label}, uncached, a browser's headers, ${settings.connections} connections × ${memory.seconds} s: ${int(memory.run.rps)} req/s (${Object.keys(memory.run.encodings).join(', ')}); server RSS ${memory.before ? `${memory.before.rssMb.toFixed(0)} MB before, ` : ''}${mem ? `${mem.rssMb.toFixed(0)} MB after (peak since start ${mem.peakRssMb.toFixed(0)} MB)` : 'unknown'}`,
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

  const checks = [...accountsChecks(accounts), ...pageChecks(run)];
  out.push('', 'Checks:');
  for (const c of checks) out.push(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name} — ${c.detail}`);

  out.push(
    '',
    'Where the time goes (sequential, idle server): data = the loader’s service call in process (50 runs after 5 warm-up);',
    'ids+count = the list’s id page + total count query alone; full = HTTP request on 1 connection under a browser’s headers (brotli on the fly); render+HTTP = full − data.',
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

  const failedRuns = [
    ...load.values(),
    ...cached.load.values(),
    ...cachedIdentity.load.values(),
    ...sequential.values(),
    memory.run,
  ].filter((r) => r.non2xx > 0 || r.errors > 0 || r.requests === 0);
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
        yardstickBytes: Object.fromEntries(sizes),
        yardsticks: YARDSTICK_TARGETS.map((t) => ({ key: t.key, path: t.path })),
        asset: { path: asset.path, label: asset.label },
        uncached: phaseJson(uncachedPhase, uncachedTargets),
        cached: phaseJson(cached, cachedTargets),
        cachedIdentity: phaseJson(cachedIdentity, cachedTargets),
        memory: {
          label: memory.label,
          seconds: memory.seconds,
          before: memory.before,
          after: memory.after,
          run: summary(memory.run),
        },
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
          fullRequestEncodings: b.http.encodings,
          fullRequestP90: b.http.p90,
          sequentialRequests: b.http.requests,
          renderAndHttpMs: b.http.p50 - b.data.p50,
        })),
        serverLogLines: serverLogged,
        nearest: run.nearest,
        crawler: run.crawler && crawlerJson(run.crawler),
      },
      null,
      2,
    )}\n`,
  );
  // The same figures under the data set's name, for the scale comparison (bench/scale.ts).
  const sizeFile = path.join(path.dirname(RESULTS_FILE), `${dataset.size}.json`);
  copyFileSync(RESULTS_FILE, sizeFile);
  console.log(`\nResults: ${path.relative('.', RESULTS_FILE)} (and ${path.relative('.', sizeFile)})`);
  return failedRuns.length > 0 || checks.some((c) => !c.pass);
}
