/**
 * Latency of JSON calls over a rotating set of realistic requests (search suggestions, clinic
 * price list pages): autocannon cycles through the paths on the given connections.
 */
import autocannon from 'autocannon';
import { median, percentile } from './stats';

export interface CallResult {
  name: string;
  paths: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: Record<string, number>;
  errors: number;
}

export function runCalls(
  origin: string,
  name: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<CallResult> {
  if (!paths.length) throw new Error(`${name}: no request paths`);
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const non2xx: Record<string, number> = {};
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        timeout: 30,
        headers: { accept: 'application/json' },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          name,
          paths: paths.length,
          connections,
          requests: result.requests.total,
          rps: result.duration > 0 ? result.requests.total / result.duration : 0,
          p50: median(latencies),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          non2xx,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      // A 404 is a valid answer of the price list ('Такой услуги нет в клинике'): timed too.
      if (statusCode === 200 || statusCode === 404) latencies.push(responseTime);
      else non2xx[statusCode] = (non2xx[statusCode] ?? 0) + 1;
    });
  });
}
