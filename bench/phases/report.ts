/**
 * The benchmark's report: the header, the tables of every phase, the checks against the
 * targets (docs/architecture.md) and the time breakdown, printed; the same figures in bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCTORS_PER_PAGE } from '../../server/modules/directory/service';
import type { Town } from '../../server/modules/towns/service';
import { type DatasetInfo, redact, type SpecialityPick } from '../database';
import { int, ms, pct, table } from '../stats';
import { type AccountsResult, accountsTable } from './accounts';
import type { Settings } from './context';
import {
  type Breakdown,
  CACHE_TTL_MS,
  interleaved,
  type Phase,
  type RatioPage,
  ratioIn,
  STATIC_TARGETS,
  type Target,
} from './pages';
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
  sizes: Map<RatioPage, number>;
  cacheStates: string[];
  accounts: AccountsResult;
  breakdown: Breakdown[];
  serverLogged: number;
  serverTail: string;
}

function header(settings: Settings, dataset: DatasetInfo, extra: string[]): string {
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
      `NOTE: not the large set (BENCH_SEED_SIZE=${settings.seedSize}, database holds '${dataset.size}'): the targets are defined on 'large'.`,
    );
  }
  lines.push(
    `Load: ${settings.connections} connections × ${settings.duration} s per target after a ${settings.warmup} s warm-up; server NODE_ENV=production; sequential: 1 connection × ${settings.seqDuration} s`,
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
    `Rounds: ${settings.rounds} per phase; a ratio is the median over rounds of page ÷ its static copy measured beside it`,
    `Static copies: the same bytes as each page, served by the same server (@fastify/static)`,
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

/** Prints the report and writes the results file; true when some run failed or completed nothing. */
export function report(run: RunReport): boolean {
  const { settings, dataset, spec, doctor, clinic, heavy, sizes, cacheStates, cachedPages, cached } = run;
  const { pages } = run.targets;
  const { calls, accounts, sequential, scripts, audits, breakdown, serverLogged, serverTail } = run;
  const uncachedPhase = run.uncached;
  const { load, drained } = uncachedPhase;
  const statics = STATIC_TARGETS;
  const extra = runNotes(run);
  const out: string[] = ['', header(settings, dataset, extra), ''];
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

  const checks = [...accountsChecks(accounts), ...pageChecks(run)];
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
  return failedRuns.length > 0;
}
