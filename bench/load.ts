/**
 * autocannon runs. Latencies are taken from autocannon's per-response event (float ms, every
 * response) rather than its histogram, which rounds to whole milliseconds: the sequential runs
 * measure single-digit latencies. The samples are kept, split into each connection's first
 * response and the rest, so that the page phases pool them over rounds (stats.ts `pooled`).
 * Each response's Content-Encoding is counted: a run under a browser's headers shows whether
 * the bytes on the wire were really compressed.
 *
 * autocannon appends every response body to a string (`body += chunk`, a UTF-8 decode): cheap
 * for ASCII HTML, about 0.8 ms for a 56 KB brotli body, which capped every compressed run at the
 * load generator's own CPU (a brotli yardstick ran at half its identity req/s). Nothing here
 * reads bodies, so each connection's body collection is turned off (`skipBodies`).
 */
import autocannon from 'autocannon';
import { encodingOf } from './encodings';
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
  /** Bytes per response as received (headers included, compressed as sent). */
  bytesPerResponse: number;
  statusCounts: Record<string, number>;
  /** Responses per Content-Encoding ('identity': none). */
  encodings: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  firstError: string | null;
  /** 2xx latencies, ms, of each connection's first response (not written to the results file). */
  opening: number[];
  /** 2xx latencies, ms, of every later response (not written to the results file). */
  steady: number[];
}

/** A run's figures without its latency samples, for the results file. */
export function summary(r: LoadResult | undefined) {
  if (!r) return undefined;
  const { opening: _opening, steady: _steady, ...rest } = r;
  return rest;
}

/** Turns off a connection's body collection (an autocannon 9 internal; left alone if it is not there). */
function skipBodies(client: autocannon.Client) {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (queue && typeof queue.addBody === 'function') queue.addBody = () => {};
}

export function runLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const opening: number[] = [];
    const steady: number[] = [];
    const seen = new Set<object>();
    const statusCounts: Record<string, number> = {};
    const encodings: Record<string, number> = {};
    let firstError: string | null = null;
    const countEncoding = (_status: number, _body: string, _context: object, h: object | undefined) => {
      const e = encodingOf((h as Record<string, string | string[]> | undefined)?.['content-encoding']);
      encodings[e] = (encodings[e] ?? 0) + 1;
    };
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 30,
        headers,
        requests: [{ method: 'GET', onResponse: countEncoding }],
        setupClient: skipBodies,
      },
      (err, result) => {
        if (err) return reject(err);
        const non2xx = Object.entries(statusCounts)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        const latencies = steady.concat(opening);
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
          encodings,
          non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          firstError,
          opening,
          steady,
        });
      },
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
      const first = !seen.has(client);
      if (first) seen.add(client);
      if (statusCode >= 200 && statusCode < 300) (first ? opening : steady).push(responseTime);
    });
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? error.message : String(error);
    });
  });
}

/** A short run whose numbers are thrown away: JIT, pool connections and caches get warm. */
export async function warmUp(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<void> {
  if (seconds > 0) await runLoad(url, connections, seconds, headers);
}
