import { describe, expect, it } from 'vitest';
import { currentSection } from './toc';

const at = (...tops: number[]) => tops.map((top, i) => ({ id: `s${i}`, top }));

describe('currentSection', () => {
  it('is the last section whose top has passed the line', () => {
    expect(currentSection(at(-400, -20, 300), 105)).toBe('s1');
    expect(currentSection(at(-900, -500, 104), 105)).toBe('s2');
    expect(currentSection(at(-900, -500, 105), 105)).toBe('s2');
    expect(currentSection(at(-900, -500, 106), 105)).toBe('s1');
  });

  it('makes the last section current at the bottom of the page', () => {
    expect(currentSection(at(-900, -500, 300), 105, true)).toBe('s2');
    expect(currentSection([], 105, true)).toBeNull();
  });

  it('keeps the first section current above it and nothing without sections', () => {
    expect(currentSection(at(200, 800), 105)).toBe('s0');
    expect(currentSection([], 105)).toBeNull();
  });
});
