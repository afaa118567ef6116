import { describe, expect, it } from 'vitest';
import { firstBookingDay } from './booking';

describe('the days the benchmark books', () => {
  it('starts tomorrow in Moscow, out of any clinic’s cancel cut-off today', () => {
    // 17:34 in Moscow: the first free times today are inside a two-hour cut-off.
    expect(firstBookingDay(Date.parse('2026-12-03T14:34:00Z'))).toBe('2026-12-04');
    // 01:30 in Moscow is already the next day there.
    expect(firstBookingDay(Date.parse('2026-12-03T22:30:00Z'))).toBe('2026-12-05');
  });
});
