import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './random';

describe('createRng', () => {
  it('repeats the same stream for the same seed and differs for another seed', () => {
    const a = createRng(123);
    const b = createRng(123);
    const c = createRng(124);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  });

  it('keeps next() in [0, 1) and int() within inclusive bounds', () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(3, 7);
      expect(n >= 3 && n <= 7).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks by weight roughly in proportion', () => {
    const rng = createRng(5);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++)
      if (
        rng.weighted([
          ['a', 1],
          ['b', 3],
        ]) === 'b'
      )
        heavy++;
    expect(heavy / 10_000).toBeGreaterThan(0.7);
    expect(heavy / 10_000).toBeLessThan(0.8);
  });

  it('forks by label independently of how much the parent was used', () => {
    const a = createRng(9);
    const b = createRng(9);
    for (let i = 0; i < 100; i++) b.next();
    expect(a.fork('doctor:1').next()).toBe(b.fork('doctor:1').next());
    expect(a.fork('doctor:1').next()).not.toBe(a.fork('doctor:2').next());
  });

  it('shuffles a copy and samples distinct items', () => {
    const rng = createRng(2);
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = rng.shuffle(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...shuffled].sort()).toEqual(items);
    expect(new Set(rng.sample(items, 4)).size).toBe(4);
  });

  it('hashes seed parts without collisions between different splits', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed(1, 'x')).toBe(hashSeed(1, 'x'));
  });
});
