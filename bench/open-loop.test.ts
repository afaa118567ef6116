import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCount,
  latencySummary,
  pickFrom,
  poissonSchedule,
  runOpenLoop,
  seededRandom,
} from './open-loop';

describe('poissonSchedule', () => {
  it('is the same for the same seed and different for another', () => {
    const a = poissonSchedule(100, 5, seededRandom(7));
    expect(poissonSchedule(100, 5, seededRandom(7))).toEqual(a);
    expect(poissonSchedule(100, 5, seededRandom(8))).not.toEqual(a);
  });

  it('arrives at the rate on average, with exponential gaps, inside the window', () => {
    const offsets = poissonSchedule(100, 600, seededRandom(49));
    expect(offsets.length).toBeGreaterThan(60_000 * 0.98);
    expect(offsets.length).toBeLessThan(60_000 * 1.02);
    expect(offsets[0]).toBeGreaterThanOrEqual(0);
    expect(offsets.at(-1)).toBeLessThan(600_000);
    const gaps = offsets.slice(1).map((t, i) => t - offsets[i]);
    expect(gaps.every((g) => g >= 0)).toBe(true);
    const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
    // An exponential distribution's standard deviation equals its mean (a fixed pace would give 0).
    expect(sd / mean).toBeGreaterThan(0.95);
    expect(sd / mean).toBeLessThan(1.05);
  });
});

describe('pickFrom', () => {
  it('picks kinds by weight and paths uniformly within a kind', () => {
    const mix = {
      kinds: [
        { kind: 'doctor', weight: 60, paths: ['/d/1', '/d/2', '/d/3'] },
        { kind: 'clinic', weight: 20, paths: ['/c/1'] },
        { kind: 'list', weight: 20, paths: ['/l/1', '/l/2'] },
      ],
    };
    const random = seededRandom(1);
    const kinds: Record<string, number> = {};
    const paths: Record<string, number> = {};
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const { kind, path } = pickFrom(mix, random);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      paths[path] = (paths[path] ?? 0) + 1;
    }
    expect(kinds.doctor / n).toBeCloseTo(0.6, 1);
    expect(kinds.clinic / n).toBeCloseTo(0.2, 1);
    expect(kinds.list / n).toBeCloseTo(0.2, 1);
    for (const p of ['/d/1', '/d/2', '/d/3']) expect(paths[p] / n).toBeCloseTo(0.2, 1);
    expect(paths['/c/1'] / n).toBeCloseTo(0.2, 1);
  });
});

describe('runOpenLoop', () => {
  const DELAY_MS = 300;
  let server: http.Server;
  let origin: string;
  const seenHeaders: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seenHeaders.push(req.headers);
      if (req.url === '/missing') {
        res.writeHead(404).end('no');
      } else if (req.url === '/trickle') {
        // Headers and a first chunk at once, the rest slowly: a socket's idle timeout never fires.
        res.writeHead(200, { 'content-type': 'text/html' });
        const tick = setInterval(() => res.write('.'), 50);
        setTimeout(() => {
          clearInterval(tick);
          res.end();
        }, 1500);
      } else if (req.url === '/reset') {
        req.socket.destroy();
      } else {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(1000)), DELAY_MS);
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('keeps to its schedule while replies are slow, and counts latency from the scheduled start', async () => {
    const r = await runOpenLoop({
      origin,
      rate: 50,
      seconds: 2,
      mix: { kinds: [{ kind: 'page', weight: 1, paths: ['/a', '/b'] }] },
      headers: { 'user-agent': 'TestBot/1.0' },
      seed: 3,
    });
    expect(r.sent).toBe(poissonSchedule(50, 2, seededRandom(3)).length);
    expect(r.ok).toBe(r.sent);
    expect(errorCount(r)).toBe(0);
    // A closed loop of one connection would have had one in flight; arrivals every ~20 ms
    // against 300 ms replies keep about 15 open.
    expect(r.maxInFlight).toBeGreaterThan(5);
    expect(latencySummary(r.latencies).p50).toBeGreaterThanOrEqual(DELAY_MS);
    expect(r.byKind.page).toHaveLength(r.ok);
    expect(r.bytesPerResponse).toBe(1000);
    expect(seenHeaders.at(-1)?.['user-agent']).toBe('TestBot/1.0');
  });

  it('counts non-2xx replies and failed requests as errors', async () => {
    const r = await runOpenLoop({
      origin,
      rate: 40,
      seconds: 1,
      mix: {
        kinds: [
          { kind: 'missing', weight: 1, paths: ['/missing'] },
          { kind: 'reset', weight: 1, paths: ['/reset'] },
        ],
      },
      headers: {},
      seed: 5,
    });
    expect(r.ok).toBe(0);
    expect(r.statuses['404']).toBeGreaterThan(0);
    expect(Object.values(r.failures).reduce((s, n) => s + n, 0)).toBeGreaterThan(0);
    expect(errorCount(r)).toBe(r.sent);
  });

  it('fails a reply not read to its end within the deadline, once, as a timeout', async () => {
    const r = await runOpenLoop({
      origin,
      rate: 10,
      seconds: 0.5,
      mix: { kinds: [{ kind: 'page', weight: 1, paths: ['/trickle'] }] },
      headers: {},
      seed: 11,
      timeoutMs: 400,
    });
    expect(r.sent).toBeGreaterThan(0);
    expect(r.ok).toBe(0);
    expect(r.failures).toEqual({ timeout: r.sent });
  });
});
