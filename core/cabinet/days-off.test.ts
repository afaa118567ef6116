import { describe, expect, it } from 'vitest';
import { dayOffRanges, daysOffRange } from './days-off';

describe('the days a day-off request covers', () => {
  const today = '2026-11-27';
  it('lists every day from the first to the last, across a year end', () => {
    expect(daysOffRange('2026-12-30', '2027-01-02', today)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(daysOffRange(today, today, today)).toEqual([today]);
  });

  it('refuses a range backwards, in the past, too long or too far', () => {
    expect(daysOffRange('2026-12-05', '2026-12-01', today)).toMatchObject({ code: 'bad_range' });
    expect(daysOffRange('2026-11-26', '2026-11-28', today)).toMatchObject({ code: 'past' });
    // 1 December to 2 March is 92 days, the most at a time.
    expect((daysOffRange('2026-12-01', '2027-03-02', today) as string[]).length).toBe(92);
    expect(daysOffRange('2026-12-01', '2027-03-03', today)).toMatchObject({ code: 'too_long' });
    expect(daysOffRange('2027-11-29', '2027-11-30', today)).toMatchObject({ code: 'too_far' });
  });
});

describe('days off shown as ranges', () => {
  const ivanova = { id: 1, name: 'Иванова Анна Петровна' };
  const petrov = { id: 2, name: 'Петров Олег Ильич' };
  const day = (id: number, date: string, doctor = ivanova, clinicName = 'Клиника') => ({
    id,
    date,
    doctor,
    clinicName,
  });

  it('folds consecutive days of one doctor at one clinic, across a month end', () => {
    const ranges = dayOffRanges([
      day(3, '2026-12-01'),
      day(1, '2026-11-30'),
      day(4, '2026-12-14'),
      day(5, '2026-11-30', petrov),
      day(6, '2026-12-01', ivanova, 'Другая клиника'),
    ]);
    expect(ranges.map((r) => [r.doctor.id, r.clinicName, r.from, r.to, r.ids])).toEqual([
      [1, 'Клиника', '2026-11-30', '2026-12-01', [1, 3]],
      [2, 'Клиника', '2026-11-30', '2026-11-30', [5]],
      [1, 'Другая клиника', '2026-12-01', '2026-12-01', [6]],
      [1, 'Клиника', '2026-12-14', '2026-12-14', [4]],
    ]);
  });
});
