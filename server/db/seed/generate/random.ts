/**
 * The seeded PRNG behind the seed's generators (server/db/seed/generate/*), and the weighted
 * pickers built on it. The generators are pure and deterministic: nothing in them touches the
 * database, the clock or Math.random; every random choice comes from an Rng made by
 * createRng(seed), so the same seed always yields the same rows.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight; prefer weightedPicker() for a list used many times. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  /**
   * An independent generator derived from this one's seed and a label, not from its
   * current state: rng.fork('doctor:42') gives the same stream however much the parent
   * has been used, so inserting an entity does not reshuffle all the others.
   */
  fork(label: string | number): Rng;
}

/** 32-bit FNV-1a over the parts, then a murmur3 finaliser for avalanche. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // Separator, so ('ab', 'c') and ('a', 'bc') differ.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter): 128-bit state, passes PractRand,
 * and is several times faster than anything crypto-based. The state is seeded through
 * splitmix32 so nearby seeds (1, 2, 3) give unrelated streams.
 */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm-up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 12; i++) next();

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[Math.floor(next() * items.length)];
    },
    weighted: (pairs) => {
      let total = 0;
      for (const p of pairs) total += p[1];
      let r = next() * total;
      for (const p of pairs) {
        r -= p[1];
        if (r < 0) return p[0];
      }
      return pairs[pairs.length - 1][0];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i];
        out[i] = out[j];
        out[j] = tmp;
      }
      return out;
    },
    sample: (items, k) => rng.shuffle(items).slice(0, Math.max(0, k)),
    fork: (label) => createRng(hashSeed(seed, label)),
  };
  return rng;
}

/** A fast picker for a fixed weighted list: cumulative sums + binary search. */
export function weightedPicker<T>(pairs: readonly (readonly [T, number])[]): (rng: Rng) => T {
  if (pairs.length === 0) throw new Error('weightedPicker() of an empty list');
  const items = pairs.map((p) => p[0]);
  const cumulative: number[] = [];
  let total = 0;
  for (const p of pairs) {
    total += p[1];
    cumulative.push(total);
  }
  return (rng) => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

/** Picks from a frequency-ordered list, favouring the head (Иванов more often than Гофман). */
export function pickSkewed<T>(rng: Rng, items: readonly T[], power = 1.5): T {
  return items[Math.floor(items.length * rng.next() ** power)];
}
