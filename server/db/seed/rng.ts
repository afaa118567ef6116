import type { Rng } from './generate/random';

export { createRng, hashSeed, type Rng } from './generate/random';

/** Index drawn with probability proportional to weights[i]. */
export function weightedIndex(rng: Rng, weights: readonly number[], total?: number): number {
  let sum = total ?? 0;
  if (total === undefined) for (const w of weights) sum += w;
  let x = rng.next() * sum;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * Splits `total` into integer parts proportional to weights (largest remainder), each at
 * least `min` when the total allows it: how clinics and doctors spread over towns.
 */
export function apportion(total: number, weights: readonly number[], min = 0): number[] {
  const n = weights.length;
  const floor = Math.min(min, Math.floor(total / Math.max(n, 1)));
  const rest = total - floor * n;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = rest - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts.map((p) => p + floor);
}
