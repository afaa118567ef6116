/** The bench's pure helpers: pooled percentiles, the encoding a request gets, memory from /proc. */
import { describe, expect, test } from 'vitest';
import { encodingOf, pickEncoding, requestHeaders, shareIn } from './encodings';
import { memoryOf } from './server';
import { percentile, percentiles, pooled } from './stats';

describe('percentiles', () => {
  test('nearest rank over unsorted samples, sorted once for several', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentiles(samples, [50, 90, 99, 100])).toEqual([5, 9, 10, 10]);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentiles([], [50])).toEqual([Number.NaN]);
  });
});

describe('pooled', () => {
  test('pools every round instead of taking one round’s percentiles', () => {
    // Two calm rounds and one with a slow tail: the median round's p99 would be 10 ms.
    const calm = { opening: [], steady: Array.from({ length: 100 }, () => 10) };
    const slow = { opening: [], steady: [...Array.from({ length: 90 }, () => 10), ...Array(10).fill(200)] };
    const p = pooled([calm, slow, calm]);
    expect(p.samples).toBe(300);
    expect(p.p50).toBe(10);
    expect(p.p99).toBe(200);
  });

  test('the steady p99 leaves out each connection’s first response', () => {
    const run = { opening: [300, 250, 400], steady: Array.from({ length: 97 }, (_, i) => 1 + i / 100) };
    const p = pooled([run]);
    expect(p.samples).toBe(100);
    expect(p.p99).toBe(300);
    expect(p.steadyP99).toBeLessThan(2);
  });
});

describe('encodings', () => {
  test('a browser’s Accept-Encoding gets brotli; none gets identity', () => {
    expect(pickEncoding(requestHeaders('browser')['accept-encoding'])).toBe('br');
    expect(pickEncoding(requestHeaders('identity')['accept-encoding'])).toBe('identity');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('zstd')).toBe('identity');
  });

  test('a response without Content-Encoding counts as identity', () => {
    expect(encodingOf(undefined)).toBe('identity');
    expect(encodingOf('BR')).toBe('br');
    expect(shareIn({ br: 3, identity: 1 }, 'br')).toBe(0.75);
  });
});

test('memoryOf reads VmRSS and VmHWM in MB', () => {
  const status = 'Name:\tnode\nVmHWM:\t  409600 kB\nVmRSS:\t  204800 kB\n';
  expect(memoryOf(status)).toEqual({ rssMb: 200, peakRssMb: 400 });
  expect(memoryOf('Name:\tnode\n')).toBeNull();
});
