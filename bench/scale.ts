/**
 * How the site scales from the 'large' data set to Russia's ('xl', issue 49): reads two result
 * files as bench/phases/report.ts writes them (bench/results/*.json), one run on each set, and
 * prints each figure's xl ÷ large ratio with PASS/FAIL against the target (≤ 1.3). Exits 1 when
 * a figure fails or is missing from either file, 2 on bad arguments.
 *
 *   npx tsx bench/scale.ts bench/results/large.json bench/results/xl.json [--max 1.3]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The target: an xl figure at most this many times its large one. */
export const MAX_SCALE_RATIO = 1.3;

interface CallJson {
  name?: string;
  connections?: number;
  p50?: number;
  p95?: number;
}

/** The parts of a results file the figures read (everything optional: older files lack some). */
export interface ResultsJson {
  dataset?: { size?: string; doctors?: number; clinics?: number; reviews?: number };
  uncached?: { targets?: { key?: string; p50?: number; pooled?: { p50?: number } }[] };
  calls?: CallJson[];
  slots?: CallJson[];
  nearest?: { steady?: { p50?: number; p95?: number } };
}

export interface Figure {
  key: string;
  label: string;
  read: (r: ResultsJson) => number | undefined;
}

/** The uncached page's p50 pooled over every round (the median round's when not pooled). */
const pageP50 = (key: string) => (r: ResultsJson) => {
  const t = r.uncached?.targets?.find((x) => x.key === key);
  return t?.pooled?.p50 ?? t?.p50;
};

/** A call's p95 on its most connections (10 in the bench), matched by the start of its name. */
const callP95 = (list: (r: ResultsJson) => CallJson[] | undefined, name: string) => (r: ResultsJson) => {
  const runs = (list(r) ?? []).filter((c) => c.name?.startsWith(name));
  runs.sort((a, b) => (b.connections ?? 0) - (a.connections ?? 0));
  return runs[0]?.p95;
};

export const FIGURES: Figure[] = [
  { key: 'list', label: 'list page, uncached p50', read: pageP50('list') },
  { key: 'doctor', label: 'doctor page, uncached p50', read: pageP50('doctor') },
  { key: 'clinic', label: 'clinic page, uncached p50', read: pageP50('clinic') },
  { key: 'reviews', label: 'reviews page, uncached p50', read: pageP50('reviews') },
  {
    key: 'search',
    label: 'search suggestions call, p95',
    read: callP95((r) => r.calls, 'search suggestions'),
  },
  { key: 'reviews-call', label: 'reviews call, p95', read: callP95((r) => r.calls, 'reviews page call') },
  { key: 'slots-bulk', label: 'slots_bulk call, p95', read: callP95((r) => r.slots, 'slots_bulk') },
  { key: 'nearest', label: "'Ближайшая запись' sort, p95", read: (r) => r.nearest?.steady?.p95 },
];

export interface ScaleRow {
  key: string;
  label: string;
  large: number | null;
  xl: number | null;
  ratio: number | null;
  pass: boolean;
}

/** Each figure's xl ÷ large ratio; a figure missing (or zero) on either side fails. */
export function scaleRows(large: ResultsJson, xl: ResultsJson, max = MAX_SCALE_RATIO): ScaleRow[] {
  return FIGURES.map((f) => {
    const a = finite(f.read(large));
    const b = finite(f.read(xl));
    const ratio = a !== null && b !== null && a > 0 ? b / a : null;
    return { key: f.key, label: f.label, large: a, xl: b, ratio, pass: ratio !== null && ratio <= max };
  });
}

function finite(v: number | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The table the script prints. */
export function formatScale(rows: ScaleRow[], max = MAX_SCALE_RATIO): string {
  const ms = (v: number | null) => (v === null ? 'missing' : `${v.toFixed(1)} ms`);
  const width = Math.max(...rows.map((r) => r.label.length));
  const lines = rows.map(
    (r) =>
      `${r.label.padEnd(width)}  large ${ms(r.large).padStart(10)}  xl ${ms(r.xl).padStart(10)}  xl/large ${
        r.ratio === null ? '     –' : r.ratio.toFixed(2).padStart(6)
      }  ${r.pass ? 'PASS' : 'FAIL'} (≤ ${max})`,
  );
  const failed = rows.filter((r) => !r.pass).length;
  lines.push(
    failed ? `${failed} of ${rows.length} figures FAIL the xl ÷ large target.` : 'All figures PASS.',
  );
  return lines.join('\n');
}

function datasetLine(file: string, r: ResultsJson): string {
  const d = r.dataset;
  const n = (v: number | undefined) => (v === undefined ? '?' : v.toLocaleString('en-US'));
  return `${file}: '${d?.size ?? '?'}' — ${n(d?.doctors)} doctors, ${n(d?.clinics)} clinics, ${n(d?.reviews)} reviews`;
}

function main(): number {
  let parsed: ReturnType<typeof parseArgs<{ options: { max: { type: 'string' } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options: { max: { type: 'string' } }, allowPositionals: true });
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const [largeFile, xlFile] = parsed.positionals;
  const max = parsed.values.max === undefined ? MAX_SCALE_RATIO : Number(parsed.values.max);
  if (!largeFile || !xlFile || parsed.positionals.length > 2 || !(max > 0)) {
    console.error('Usage: npx tsx bench/scale.ts <large results.json> <xl results.json> [--max 1.3]');
    return 2;
  }
  const large = JSON.parse(readFileSync(largeFile, 'utf8')) as ResultsJson;
  const xl = JSON.parse(readFileSync(xlFile, 'utf8')) as ResultsJson;
  console.log(datasetLine(largeFile, large));
  console.log(datasetLine(xlFile, xl));
  if (large.dataset?.size && large.dataset.size !== 'large')
    console.log(`NOTE: ${largeFile} holds the '${large.dataset.size}' set, not 'large'.`);
  if (xl.dataset?.size && xl.dataset.size !== 'xl')
    console.log(`NOTE: ${xlFile} holds the '${xl.dataset.size}' set, not 'xl'.`);
  const rows = scaleRows(large, xl, max);
  console.log(formatScale(rows, max));
  return rows.every((r) => r.pass) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
