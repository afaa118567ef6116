import { describe, expect, it } from 'vitest';
import type { DaySlots } from './day-tabs';
import {
  dayMatchesFilters,
  dayPartOf,
  parseSlotFilters,
  pickInitialDay,
  type SlotFilters,
} from './slot-filters';

const days = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07'];
const at = (...times: string[]) => times.map((time) => ({ time, duration: 30 }));
const slots: DaySlots = {
  '2026-05-04': at('18:00', '19:30'),
  '2026-05-05': [],
  '2026-05-06': at('09:00', '12:00'),
  '2026-05-07': at('05:30', '17:00'),
};
const filters = (f: Partial<SlotFilters>): SlotFilters => ({
  dateFrom: null,
  dateTo: null,
  daytimes: [],
  ...f,
});

describe('parseSlotFilters', () => {
  it('reads date_from, date_to and a comma list of day parts', () => {
    const query = new URLSearchParams('date_from=2026-05-05&date_to=2026-05-10&daytimes=evening,morning');
    expect(parseSlotFilters(query)).toEqual({
      dateFrom: '2026-05-05',
      dateTo: '2026-05-10',
      daytimes: ['morning', 'evening'],
    });
  });

  it('ignores invalid dates and unknown day parts instead of refusing', () => {
    expect(
      parseSlotFilters({
        date_from: '05.05.2026',
        date_to: '2026-02-30',
        daytimes: 'night, afternoon,,afternoon',
      }),
    ).toEqual({ dateFrom: null, dateTo: null, daytimes: ['afternoon'] });
    expect(parseSlotFilters(new URLSearchParams('date_from=2026-5-5&daytimes='))).toEqual({
      dateFrom: null,
      dateTo: null,
      daytimes: [],
    });
  });

  it('accepts repeated daytimes parameters', () => {
    expect(parseSlotFilters(new URLSearchParams('daytimes=morning&daytimes=evening')).daytimes).toEqual([
      'morning',
      'evening',
    ]);
  });

  it('gives no filters for an empty query', () => {
    expect(parseSlotFilters({})).toEqual({ dateFrom: null, dateTo: null, daytimes: [] });
  });
});

describe('dayPartOf', () => {
  it('puts the bounds in the later part: 06–11 morning, 11–17 afternoon, 17–24 evening', () => {
    expect(dayPartOf('05:59')).toBeNull();
    expect(dayPartOf('06:00')).toBe('morning');
    expect(dayPartOf('10:59')).toBe('morning');
    expect(dayPartOf('11:00')).toBe('afternoon');
    expect(dayPartOf('16:59:00')).toBe('afternoon');
    expect(dayPartOf('17:00')).toBe('evening');
    expect(dayPartOf('23:59')).toBe('evening');
    expect(dayPartOf('00:00')).toBeNull();
  });
});

describe('dayMatchesFilters', () => {
  it('needs a slot in the date range and in a chosen day part', () => {
    expect(dayMatchesFilters('2026-05-04', slots, filters({}))).toBe(true);
    expect(dayMatchesFilters('2026-05-05', slots, filters({}))).toBe(false);
    expect(dayMatchesFilters('2026-05-04', slots, filters({ dateFrom: '2026-05-05' }))).toBe(false);
    expect(dayMatchesFilters('2026-05-07', slots, filters({ dateTo: '2026-05-06' }))).toBe(false);
    expect(dayMatchesFilters('2026-05-06', slots, filters({ daytimes: ['evening'] }))).toBe(false);
    expect(dayMatchesFilters('2026-05-06', slots, filters({ daytimes: ['evening', 'afternoon'] }))).toBe(
      true,
    );
    // 05:30 is in no part; 17:00 is evening.
    expect(dayMatchesFilters('2026-05-07', slots, filters({ daytimes: ['morning'] }))).toBe(false);
    expect(dayMatchesFilters('2026-05-07', slots, filters({ daytimes: ['evening'] }))).toBe(true);
  });
});

describe('pickInitialDay', () => {
  it('takes initDay when it has slots', () => {
    expect(
      pickInitialDay({ days, slots, initDay: '2026-05-06', filters: filters({ daytimes: ['evening'] }) }),
    ).toBe('2026-05-06');
  });

  it('passes over an initDay without slots or outside the days', () => {
    expect(pickInitialDay({ days, slots, initDay: '2026-05-05' })).toBe('2026-05-04');
    expect(pickInitialDay({ days, slots, initDay: '2026-06-01' })).toBe('2026-05-04');
  });

  it('takes the first day with slots matching the URL filters', () => {
    expect(pickInitialDay({ days, slots, filters: filters({ daytimes: ['morning'] }) })).toBe('2026-05-06');
    expect(pickInitialDay({ days, slots, filters: filters({ dateFrom: '2026-05-07' }) })).toBe('2026-05-07');
    expect(
      pickInitialDay({ days, slots, filters: filters({ dateFrom: '2026-05-05', daytimes: ['evening'] }) }),
    ).toBe('2026-05-07');
  });

  it('falls back to the first day with slots when nothing matches', () => {
    expect(pickInitialDay({ days, slots, filters: filters({ dateFrom: '2026-06-01' }) })).toBe('2026-05-04');
    expect(pickInitialDay({ days: days.slice(1), slots })).toBe('2026-05-06');
  });

  it('gives null when no day has slots', () => {
    expect(pickInitialDay({ days, slots: { '2026-05-05': [] } })).toBeNull();
  });
});
