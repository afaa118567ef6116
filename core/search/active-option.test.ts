import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from './active-option';

describe('nextActiveIndex', () => {
  it('enters the list from the text field: down at the top, up at the bottom', () => {
    expect(nextActiveIndex(-1, 'ArrowDown', 4)).toBe(0);
    expect(nextActiveIndex(-1, 'ArrowUp', 4)).toBe(3);
  });

  it('steps and wraps around both ends', () => {
    expect(nextActiveIndex(1, 'ArrowDown', 4)).toBe(2);
    expect(nextActiveIndex(3, 'ArrowDown', 4)).toBe(0);
    expect(nextActiveIndex(2, 'ArrowUp', 4)).toBe(1);
    expect(nextActiveIndex(0, 'ArrowUp', 4)).toBe(3);
  });

  it('jumps to the first and last option with Home and End', () => {
    expect(nextActiveIndex(2, 'Home', 4)).toBe(0);
    expect(nextActiveIndex(-1, 'End', 4)).toBe(3);
  });

  it('has no active option in an empty list, and recovers from a stale index', () => {
    expect(nextActiveIndex(-1, 'ArrowDown', 0)).toBe(-1);
    expect(nextActiveIndex(5, 'ArrowDown', 0)).toBe(-1);
    expect(nextActiveIndex(9, 'ArrowDown', 3)).toBe(0);
    expect(nextActiveIndex(9, 'ArrowUp', 3)).toBe(2);
  });
});
