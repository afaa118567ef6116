/** Small number helpers shared by the benchmark modules. */

/** Nearest-rank percentiles (each p in 0..100) of unsorted samples, sorted once; NaN when there are none. */
export function percentiles(samples: readonly number[], ps: readonly number[]): number[] {
  if (samples.length === 0) return ps.map(() => Number.NaN);
  const sorted = Float64Array.from(samples).sort();
  return ps.map(
    (p) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1],
  );
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  return percentiles(samples, [p])[0];
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** One run's 2xx latencies, ms: each connection's first response apart from the rest. */
export interface LatencySamples {
  /** Each connection's first response: it pays the TCP connect and the opening burst of all connections at once. */
  opening: readonly number[];
  /** Every later response: the steady state. */
  steady: readonly number[];
}

export interface Pooled {
  /** Responses pooled. */
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  /** p99 without each connection's first response. */
  steadyP99: number;
}

/**
 * Percentiles over every response of every run together, not those of one chosen run: the
 * median round's p99 hides the rounds whose tail was worse.
 */
export function pooled(runs: readonly LatencySamples[]): Pooled {
  const steady = runs.flatMap((r) => r.steady);
  const all = steady.concat(runs.flatMap((r) => r.opening));
  const [p50, p95, p99] = percentiles(all, [50, 95, 99]);
  return { samples: all.length, p50, p95, p99, steadyP99: percentile(steady, 99) };
}

/** Milliseconds with one decimal below 100, whole numbers above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

export function int(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—';
}

export function pct(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 10 ? `${value.toFixed(1)}%` : `${value.toFixed(0)}%`;
}

/** A markdown table with columns padded for the terminal; `right` marks numeric columns. */
export function table(head: string[], rows: string[][], right: boolean[] = []): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
