/**
 * autocannon runs. Latencies are taken from autocannon's per-response event (float ms, every
 * response) rather than its histogram, which rounds to whole milliseconds: the sequential runs
 * measure single-digit latencies.
 */
import autocannon from 'autocannon';
import { median, percentile } from './stats';

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Completed responses per second of the run. */
  rps: number;
  /** Median of autocannon's one-second request counts (0 when most seconds complete nothing). */
  rpsMedianSample: number;
  /** Latency of 2xx responses, ms. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Bytes per response as received (headers included). */
  bytesPerResponse: number;
  statusCounts: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  firstError: string | null;
}

export function runLoad(url: string, connections: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statusCounts: Record<string, number> = {};
    let firstError: string | null = null;
    const instance = autocannon(
      { url, connections, duration: seconds, timeout: 30, headers: { accept: 'text/html' } },
      (err, result) => {
        if (err) return reject(err);
        const non2xx = Object.entries(statusCounts)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        resolve({
          url,
          connections,
          seconds: result.duration,
          requests: result.requests.total,
          rps: result.duration > 0 ? result.requests.total / result.duration : 0,
          rpsMedianSample: result.requests.p50,
          p50: median(latencies),
          p90: percentile(latencies, 90),
          p99: percentile(latencies, 99),
          max: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : Number.NaN,
          bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
          statusCounts,
          non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          firstError,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? error.message : String(error);
    });
  });
}

/** A short run whose numbers are thrown away: JIT, pool connections and caches get warm. */
export async function warmUp(url: string, connections: number, seconds: number): Promise<void> {
  if (seconds > 0) await runLoad(url, connections, seconds);
}
