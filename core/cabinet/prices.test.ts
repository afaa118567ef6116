import { describe, expect, it } from 'vitest';
import { NewPriceLineBodySchema, PriceLineBodySchema } from './price-contracts';
import {
  clubPriceByDiscount,
  clubPriceRefusal,
  formatDuration,
  type PriceLineState,
  priceLineVersion,
} from './prices';

const line: PriceLineState = {
  name: 'МРТ колена',
  durationMinutes: 30,
  priceFull: 4500,
  priceClub: null,
  requiresPrimaryConsultation: false,
  appointmentOn: true,
  hasIntervals: true,
  isAvailableAppointmentDirect: true,
};

describe('priceLineVersion', () => {
  it('is a stable 8-digit hex fingerprint of the editable fields', () => {
    expect(priceLineVersion(line)).toMatch(/^[0-9a-f]{8}$/);
    expect(priceLineVersion({ ...line })).toBe(priceLineVersion(line));
    // Fields beside the editable ones (an id, a joined name) do not count.
    expect(priceLineVersion({ ...line, id: 7, doctor: 'Иванов' } as PriceLineState)).toBe(
      priceLineVersion(line),
    );
  });

  it('changes with every editable field', () => {
    const changes: Partial<PriceLineState>[] = [
      { name: 'МРТ колена ' },
      { durationMinutes: 31 },
      { priceFull: 4501 },
      { priceClub: 0 },
      { requiresPrimaryConsultation: true },
      { appointmentOn: false },
      { hasIntervals: false },
      { isAvailableAppointmentDirect: false },
    ];
    const versions = new Set(changes.map((c) => priceLineVersion({ ...line, ...c })));
    expect(versions.size).toBe(changes.length);
    expect(versions.has(priceLineVersion(line))).toBe(false);
  });
});

describe('club price rules', () => {
  it('refuses a club price above the full one; none or equal is fine', () => {
    expect(clubPriceRefusal(1000, 1001)).toBe('Клубная цена не может быть больше полной');
    expect(clubPriceRefusal(1000, 1000)).toBeNull();
    expect(clubPriceRefusal(1000, 0)).toBeNull();
    expect(clubPriceRefusal(0, null)).toBeNull();
  });

  it('gives the discounted price in whole roubles, rounded down', () => {
    expect(clubPriceByDiscount(4500, 15)).toBe(3825);
    expect(clubPriceByDiscount(999, 10)).toBe(899);
    expect(clubPriceByDiscount(1000, 0)).toBe(1000);
  });
});

describe('formatDuration', () => {
  it('words minutes and hours', () => {
    expect(formatDuration(5)).toBe('5 мин');
    expect(formatDuration(60)).toBe('1 ч');
    expect(formatDuration(90)).toBe('1 ч 30 мин');
    expect(formatDuration(480)).toBe('8 ч');
  });
});

describe('the line contracts', () => {
  const body = { name: '  МРТ   колена ', duration_minutes: 30, price_full: 4500, version: 'abcd1234' };

  it('trims the name, fills the flags and the club price', () => {
    expect(PriceLineBodySchema.parse(body)).toEqual({
      name: 'МРТ колена',
      duration_minutes: 30,
      price_full: 4500,
      price_club: null,
      requires_primary_consultation: false,
      appointment_on: false,
      has_intervals: false,
      is_available_appointment_direct: false,
      version: 'abcd1234',
    });
  });

  it('holds the limits, inclusive', () => {
    const ok = (change: object) => PriceLineBodySchema.safeParse({ ...body, ...change }).success;
    expect(ok({ name: 'ЭКГ'.slice(0, 2), duration_minutes: 5, price_full: 0 })).toBe(true);
    expect(
      ok({ name: 'а'.repeat(200), duration_minutes: 480, price_full: 10_000_000, price_club: 10_000_000 }),
    ).toBe(true);
    expect(ok({ name: 'а'.repeat(201) })).toBe(false);
    expect(ok({ duration_minutes: 4 })).toBe(false);
    expect(ok({ duration_minutes: 481 })).toBe(false);
    expect(ok({ price_full: 10_000_001 })).toBe(false);
    expect(ok({ price_full: Number.NaN })).toBe(false);
    expect(ok({ price_club: -1 })).toBe(false);
    expect(ok({ price_full: 100, price_club: 101 })).toBe(false);
  });

  it('puts the club price refusal on its field', () => {
    const result = NewPriceLineBodySchema.safeParse({ ...body, synonym_id: 3, price_club: 5000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['price_club', 'Клубная цена не может быть больше полной'],
    ]);
  });
});
