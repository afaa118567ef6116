import { describe, expect, it, vi } from 'vitest';
import type { Clock } from '../clock';
import { createTtlCache } from './ttl-cache';

function manualClock(start: number): Clock & { advance(ms: number): void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

describe('createTtlCache', () => {
  it('reuses a value until it expires, then computes it again', async () => {
    const clock = manualClock(0);
    const cache = createTtlCache<number>(clock, 1000);
    const compute = vi.fn(async () => 42);
    expect(await cache.get('k', compute)).toBe(42);
    clock.advance(999);
    expect(await cache.get('k', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createTtlCache<number>(manualClock(0), 1000);
    const compute = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 5)));
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure', async () => {
    const cache = createTtlCache<number>(manualClock(0), 1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 1)).toBe(1);
  });
});
