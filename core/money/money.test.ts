import { describe, expect, it } from 'vitest';
import { formatRub } from './money';

describe('formatRub', () => {
  it('formats whole roubles in the ru-RU locale with the rouble sign', () => {
    expect(formatRub(1500)).toBe('1\u00a0500\u00a0₽');
    expect(formatRub(0)).toBe('0\u00a0₽');
  });

  it('refuses fractional amounts: money is integer roubles', () => {
    expect(() => formatRub(99.5)).toThrow(RangeError);
  });
});
