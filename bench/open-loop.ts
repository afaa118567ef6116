/**
 * An open-loop load (issue 49, item 3): requests start on a schedule of Poisson arrivals at a
 * given rate, whatever the replies do, so a slow reply does not hold the next request back (a
 * closed loop of N connections measures a queue instead: each connection waits for its reply).
 * A request's latency counts from its scheduled start, not from when the generator got round to
 * sending it: a generator that falls behind adds its lag to the figures instead of hiding it.
 *
 * Plain `node:http` with a keep-alive agent and no cap on sockets: a connection is reused when one
 * is free, opened when none is. Bodies are read to their end and counted, not decoded.
 */
import http from 'node:http';
import { percentiles } from './stats';

/** A small, seeded generator (mulberry32): the same seed gives the same arrivals and URLs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Start offsets, ms from 0, of Poisson arrivals at `rate` a second for `seconds`. */
export function poissonSchedule(rate: number, seconds: number, random: () => number): number[] {
  const offsets: number[] = [];
  const meanGapMs = 1000 / rate;
  let at = 0;
  for (;;) {
    // 1 − random() is in (0, 1]: the logarithm stays finite.
    at += -Math.log(1 - random()) * meanGapMs;
    if (at >= seconds * 1000) return offsets;
    offsets.push(at);
  }
}

/** A weighted pick among kinds, each with its own list of paths, chosen uniformly within it. */
export interface Mix<K extends string> {
  kinds: { kind: K; weight: number; paths: readonly string[] }[];
}

export function pickFrom<K extends string>(mix: Mix<K>, random: () => number): { kind: K; path: string } {
  const total = mix.kinds.reduce((s, k) => s + k.weight, 0);
  let r = random() * total;
  let chosen = mix.kinds[mix.kinds.length - 1];
  for (const k of mix.kinds) {
    if (r < k.weight) {
      chosen = k;
      break;
    }
    r -= k.weight;
  }
  return { kind: chosen.kind, path: chosen.paths[Math.floor(random() * chosen.paths.length)] };
}

export interface OpenLoopResult<K extends string> {
  rate: number;
  seconds: number;
  /** Requests started (the schedule's length). */
  sent: number;
  /** 2xx responses read to their end. */
  ok: number;
  /** Non-2xx responses by status, and failures (no reply, reset, timeout) by message. */
  statuses: Record<string, number>;
  failures: Record<string, number>;
  /** Latencies of 2xx responses, ms from the scheduled start to the body's end. */
  latencies: number[];
  /** The same, per kind. */
  byKind: Record<K, number[]>;
  /** The generator's worst lag behind its schedule, ms (large: the figures measure the generator too). */
  maxLagMs: number;
  /** Bytes per 2xx response as sent (compressed). */
  bytesPerResponse: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
}

export interface OpenLoopOptions<K extends string> {
  origin: string;
  rate: number;
  seconds: number;
  mix: Mix<K>;
  headers: Record<string, string>;
  seed: number;
  /** A request not read to its end this long after it was sent fails ('timeout'). */
  timeoutMs?: number;
}

export async function runOpenLoop<K extends string>(options: OpenLoopOptions<K>): Promise<OpenLoopResult<K>> {
  const random = seededRandom(options.seed);
  const schedule = poissonSchedule(options.rate, options.seconds, random);
  const requests = schedule.map((at) => ({ at, ...pickFrom(options.mix, random) }));
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: 1024,
  });
  const url = new URL(options.origin);
  const timeoutMs = options.timeoutMs ?? 10_000;

  const result: OpenLoopResult<K> = {
    rate: options.rate,
    seconds: options.seconds,
    sent: requests.length,
    ok: 0,
    statuses: {},
    failures: {},
    latencies: [],
    byKind: Object.fromEntries(options.mix.kinds.map((k) => [k.kind, []])) as unknown as Record<K, number[]>,
    maxLagMs: 0,
    bytesPerResponse: 0,
    maxInFlight: 0,
  };
  let bytes = 0;
  let inFlight = 0;
  const fail = (what: string) => {
    result.failures[what] = (result.failures[what] ?? 0) + 1;
  };

  const send = (req: (typeof requests)[number], scheduled: number) =>
    new Promise<void>((resolve) => {
      inFlight++;
      result.maxInFlight = Math.max(result.maxInFlight, inFlight);
      let settled = false;
      let deadline: NodeJS.Timeout | undefined;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        inFlight--;
        resolve();
      };
      const r = http.request(
        { host: url.hostname, port: url.port, path: req.path, agent, headers: options.headers },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
          });
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              const latency = performance.now() - scheduled;
              result.ok++;
              result.latencies.push(latency);
              result.byKind[req.kind].push(latency);
              bytes += size;
            } else {
              result.statuses[status] = (result.statuses[status] ?? 0) + 1;
            }
            done();
          });
          res.on('error', (err) => {
            if (!settled) fail(err.message);
            done();
          });
        },
      );
      // A deadline on the whole exchange (a socket's idle timeout would let a page that streams
      // its shell at once and its rest slowly run on).
      deadline = setTimeout(() => {
        fail('timeout');
        r.destroy();
        done();
      }, timeoutMs);
      r.on('error', (err) => {
        // After a timeout, destroy() reports the reset it caused: counted once, as the timeout.
        if (!settled) fail((err as NodeJS.ErrnoException).code ?? err.message);
        done();
      });
      r.end();
    });

  const pending: Promise<void>[] = [];
  const start = performance.now();
  let next = 0;
  while (next < requests.length) {
    const now = performance.now() - start;
    while (next < requests.length && requests[next].at <= now) {
      const req = requests[next++];
      result.maxLagMs = Math.max(result.maxLagMs, now - req.at);
      pending.push(send(req, start + req.at));
    }
    if (next < requests.length)
      await new Promise((r) => setTimeout(r, Math.max(0, requests[next].at - (performance.now() - start))));
  }
  await Promise.all(pending);
  agent.destroy();
  result.bytesPerResponse = result.ok ? bytes / result.ok : 0;
  return result;
}

/** p50/p95/p99/max of a run's 2xx latencies. */
export function latencySummary(latencies: readonly number[]) {
  const [p50, p95, p99, max] = percentiles(latencies, [50, 95, 99, 100]);
  return { p50, p95, p99, max };
}

/** Responses that were not a 2xx read to its end. */
export const errorCount = (r: Pick<OpenLoopResult<string>, 'statuses' | 'failures'>) =>
  Object.values(r.statuses).reduce((s, n) => s + n, 0) + Object.values(r.failures).reduce((s, n) => s + n, 0);
