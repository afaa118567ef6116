import { describe, expect, it } from 'vitest';
import { datedDays, datedHoursRefusal } from './dated-hours';

const hours = (...intervals: [string, string][]) => intervals.map(([start, end]) => ({ start, end }));

describe('a date’s own hours', () => {
  it('from today up to a year ahead, with hours as a weekday’s', () => {
    const today = '2026-11-22';
    expect(datedHoursRefusal('2026-12-31', today, hours(['10:00', '14:00']), 30)).toBeNull();
    expect(
      datedHoursRefusal('2026-11-22', today, hours(['10:00', '12:00'], ['13:00', '15:00']), 60),
    ).toBeNull();
    const cases: [string, ReturnType<typeof hours>, number, string][] = [
      ['2026-11-21', hours(['10:00', '14:00']), 30, 'Нельзя изменить прошедший день'],
      ['2027-11-24', hours(['10:00', '14:00']), 30, 'Так далеко расписание не открыто'],
      ['2026-12-31', [], 30, 'Укажите часы приёма; закрыть день целиком можно в «Закрыть дни»'],
      ['2026-12-31', hours(['14:00', '10:00']), 30, 'Время окончания раньше начала'],
      ['2026-12-31', hours(['10:00', '12:00'], ['11:00', '13:00']), 30, 'Интервалы пересекаются'],
      ['2026-12-31', hours(['10:00', '10:20']), 30, 'Интервал короче длительности приёма'],
      ['2026-12-31', hours(['10:00', '14:00']), 25, 'Выберите из списка'],
    ];
    for (const [date, intervals, slot, detail] of cases)
      expect(datedHoursRefusal(date, today, intervals, slot)?.detail, date).toBe(detail);
  });

  it('reads the stored rows back as days: the week off all day, and the date’s hours', () => {
    const off = (date: string, start: string | null, end: string | null) => ({
      date,
      kind: 'off' as const,
      start,
      end,
      slotMinutes: null,
    });
    const extra = (date: string, start: string, end: string, slotMinutes = 30) => ({
      date,
      kind: 'extra' as const,
      start,
      end,
      slotMinutes,
    });
    expect(
      datedDays([
        extra('2026-12-31', '13:00:00', '15:00:00'),
        off('2026-12-31', '00:00:00', '24:00:00'),
        extra('2026-12-31', '10:00:00', '12:00:00'),
        off('2026-12-26', '00:00:00', '24:00:00'),
        extra('2026-12-26', '09:00:00', '11:00:00', 60),
        // Extra hours alone, or a part of a day off, are not a date's own hours.
        extra('2026-12-27', '09:00:00', '11:00:00'),
        off('2026-12-28', '14:00:00', '24:00:00'),
      ]),
    ).toEqual([
      { date: '2026-12-26', slotMinutes: 60, intervals: hours(['09:00', '11:00']) },
      { date: '2026-12-31', slotMinutes: 30, intervals: hours(['10:00', '12:00'], ['13:00', '15:00']) },
    ]);
  });
});
