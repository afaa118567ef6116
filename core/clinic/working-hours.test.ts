import { describe, expect, it } from 'vitest';
import {
  addressSchedule,
  exceptionDate,
  exceptionDayLabel,
  formatHours,
  weekdayTranslit,
  weekRows,
} from './working-hours';

describe('formatHours', () => {
  it('joins opening and closing times with an en dash', () => {
    expect(formatHours({ opens: '09:00', closes: '21:00' })).toBe('09:00–21:00');
    expect(formatHours({ opens: '08:30:00', closes: '20:00:00' })).toBe('08:30–20:00');
  });

  it('calls a missing or half-empty day a day off', () => {
    expect(formatHours(undefined)).toBe('выходной');
    expect(formatHours({ opens: null, closes: null })).toBe('выходной');
    expect(formatHours({ opens: '10:00', closes: null })).toBe('выходной');
  });

  it('calls 00:00–24:00 round the clock', () => {
    expect(formatHours({ opens: '00:00', closes: '24:00' })).toBe('круглосуточно');
    expect(formatHours({ opens: '00:00', closes: '23:00' })).toBe('00:00–23:00');
  });
});

describe('exceptionDate and weekdayTranslit', () => {
  it('shows a holiday as dd.MM', () => {
    expect(exceptionDate('2025-12-31')).toBe('31.12');
    expect(exceptionDate('2026-01-07')).toBe('07.01');
  });

  it('reads a holiday date as a day of a month', () => {
    expect(exceptionDayLabel('31.12')).toBe('31 декабря');
    expect(exceptionDayLabel('07.01')).toBe('7 января');
    expect(exceptionDayLabel('xx')).toBe('xx');
  });

  it('maps ISO weekdays to the schedule keys and refuses others', () => {
    expect(weekdayTranslit(1)).toBe('monday');
    expect(weekdayTranslit(7)).toBe('sunday');
    expect(() => weekdayTranslit(0)).toThrow(RangeError);
    expect(() => weekdayTranslit(8)).toThrow(RangeError);
  });
});

describe('addressSchedule', () => {
  const schedule = addressSchedule({
    hours: [
      { weekday: 1, opens: '09:00', closes: '21:00' },
      { weekday: 6, opens: '10:00', closes: '16:00' },
      { weekday: 7, opens: null, closes: null },
    ],
    exceptions: [
      { date: '2026-01-01', opens: null, closes: null },
      { date: '2025-12-31', opens: '10:00', closes: '15:00' },
    ],
    todayIsoWeekday: 6,
  });

  it('lists all seven days, missing ones as days off, with Russian names', () => {
    expect(schedule.schedule_days).toEqual({
      monday: '09:00–21:00',
      tuesday: 'выходной',
      wednesday: 'выходной',
      thursday: 'выходной',
      friday: 'выходной',
      saturday: '10:00–16:00',
      sunday: 'выходной',
    });
    expect(schedule.full_days.monday).toBe('Понедельник');
    expect(schedule.full_days.sunday).toBe('Воскресенье');
    expect(schedule.now_weekday_translit).toBe('saturday');
  });

  it('puts holiday exceptions in date order', () => {
    expect(schedule.lpu_exceptions).toEqual([
      { date: '31.12', time: '10:00–15:00' },
      { date: '01.01', time: 'выходной' },
    ]);
  });

  it('gives weekday rows Monday first with today marked once', () => {
    const rows = weekRows(schedule);
    expect(rows.map((r) => r.key)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(rows.filter((r) => r.today).map((r) => r.name)).toEqual(['Суббота']);
  });
});
