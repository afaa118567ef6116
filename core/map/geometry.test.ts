import { describe, expect, it } from 'vitest';
import { centroid, convexHull } from './geometry';

describe('convexHull', () => {
  it('drops inner points and closes the ring', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [1, 1],
    ]);
    expect(hull).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });
  it('is empty for fewer than three points or a line', () => {
    expect(
      convexHull([
        [0, 0],
        [1, 1],
      ]),
    ).toEqual([]);
    expect(
      convexHull([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toEqual([]);
  });
});

describe('centroid', () => {
  it('is the mean', () =>
    expect(
      centroid([
        [0, 0],
        [2, 4],
      ]),
    ).toEqual([1, 2]));
});
