import { describe, expect, it } from 'vitest';
import { parsePage, visiblePages } from './pagination';

describe('visiblePages', () => {
  it('centres the window on the current page', () => {
    expect(visiblePages(10, 40, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(visiblePages(10, 40, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it('keeps the window inside 1…total at both ends', () => {
    expect(visiblePages(1, 40, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(40, 40, 7)).toEqual([34, 35, 36, 37, 38, 39, 40]);
    expect(visiblePages(2, 3, 7)).toEqual([1, 2, 3]);
  });

  it('shows nothing for a single page', () => {
    expect(visiblePages(1, 1, 5)).toEqual([]);
  });
});

describe('parsePage', () => {
  it('reads positive integers and falls back to 1 for anything else', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2abc')).toBe(1);
    expect(parsePage('99999999999')).toBe(1);
  });
});
