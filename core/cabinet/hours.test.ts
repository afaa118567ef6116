import { describe, expect, it } from 'vitest';
import { HoursBodySchema } from './contracts';
import {
  dayLong,
  hoursRefusal,
  hoursStartRefusal,
  minutesOfTime,
  pendingChanges,
  visitsOutside,
  weekOfRules,
} from './hours';

const day = (weekday: number, ...intervals: [string, string][]) => ({
  weekday,
  intervals: intervals.map(([start, end]) => ({ start, end })),
});

describe('weekly hours', () => {
  it('reads times from 00:00 to 24:00, nothing else', () => {
    expect(minutesOfTime('00:00')).toBe(0);
    expect(minutesOfTime('09:35')).toBe(575);
    expect(minutesOfTime('24:00')).toBe(1440);
    expect(minutesOfTime('9:00')).toBeNull();
    expect(minutesOfTime('09:60')).toBeNull();
    expect(minutesOfTime('утро')).toBeNull();
  });

  it('accepts closed days, touching intervals and a day ending at midnight', () => {
    expect(hoursRefusal([], 30)).toBeNull();
    expect(
      hoursRefusal([day(1, ['09:00', '12:00'], ['12:00', '15:00']), day(2), day(7, ['20:00', '24:00'])], 30),
    ).toBeNull();
  });

  it('refuses each broken week with its reason and weekday', () => {
    const cases: [ReturnType<typeof day>[], number, string, string][] = [
      [[day(1, ['12:00', '09:00'])], 30, 'bad_span', 'Время окончания раньше начала'],
      [[day(1, ['09:00', '09:00'])], 30, 'bad_span', 'Время окончания раньше начала'],
      [[day(3, ['09:00', '12:00'], ['11:30', '14:00'])], 30, 'overlap', 'Интервалы пересекаются'],
      [[day(3, ['11:30', '14:00'], ['09:00', '12:00'])], 30, 'overlap', 'Интервалы пересекаются'],
      [[day(2, ['09:03', '12:00'])], 30, 'off_grid', 'Время — с шагом 5 минут'],
      [[day(2, ['22:00', '24:30'])], 30, 'out_of_day', 'Время — от 00:00 до 24:00'],
      [[day(2, ['9:00', '12:00'])], 30, 'bad_time', 'Укажите время в виде ЧЧ:ММ'],
      [
        [
          day(
            5,
            ['08:00', '09:00'],
            ['10:00', '11:00'],
            ['12:00', '13:00'],
            ['14:00', '15:00'],
            ['16:00', '17:00'],
          ),
        ],
        30,
        'too_many',
        'Не больше 4 интервалов в день',
      ],
      [[day(1, ['09:00', '09:20'])], 30, 'too_short', 'Интервал короче длительности приёма'],
      [[day(1, ['09:00', '12:00']), day(1)], 30, 'same_day', 'День недели указан дважды'],
      [[day(1, ['09:00', '12:00'])], 25, 'bad_slot', 'Выберите из списка'],
    ];
    for (const [week, slot, code, detail] of cases) {
      const refusal = hoursRefusal(week, slot);
      expect(refusal, JSON.stringify(week)).toMatchObject({ code, detail });
      if (code !== 'bad_slot') expect(refusal?.weekday).toBe(week.at(-1)?.weekday);
    }
  });

  it('the call answers the first reason as its detail', () => {
    const parsed = HoursBodySchema.safeParse({
      doctor_id: 1,
      visit_type: 'clinic',
      slot_minutes: 30,
      week: [day(1, ['12:00', '09:00'])],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('Время окончания раньше начала');
    const noReason = HoursBodySchema.safeParse({
      doctor_id: 1,
      visit_type: 'clinic',
      slot_minutes: 30,
      week: [day(1, ['09:00', '12:00'])],
      cancel_visits: true,
    });
    expect(noReason.error?.issues[0].message).toBe('Укажите причину отмены');
    expect(
      HoursBodySchema.safeParse({
        visit_type: 'clinic',
        slot_minutes: 90,
        week: [day(1, ['09:00', '24:00'])],
      }).success,
    ).toBe(true);
  });
});

describe('the visits new hours would drop', () => {
  // Novosibirsk is UTC+7: Monday 23 November 2026 09:00 there is 02:00 UTC.
  const tz = 'Asia/Novosibirsk';
  const visit = (id: number, startsAt: string, endsAt: string) => ({ id, startsAt, endsAt, tz });
  const monday930 = visit(1, '2026-11-23T02:30:00Z', '2026-11-23T03:00:00Z'); // 09:30–10:00
  const monday1130 = visit(2, '2026-11-23T04:30:00Z', '2026-11-23T05:00:00Z'); // 11:30–12:00
  const monday1145 = visit(3, '2026-11-23T04:45:00Z', '2026-11-23T05:15:00Z'); // 11:45–12:15
  const tuesday = visit(4, '2026-11-24T02:00:00Z', '2026-11-24T02:30:00Z'); // Tue 09:00–09:30
  const all = [monday930, monday1130, monday1145, tuesday];

  it('keeps a visit whose whole span is inside one interval of its weekday, on the clinic’s clock', () => {
    const week = [day(1, ['09:00', '12:00']), day(2, ['09:00', '10:00'])];
    expect(visitsOutside(all, week).map((v) => v.id)).toEqual([3]);
  });

  it('drops the visits of a day now closed, or cut by a gap between intervals', () => {
    expect(visitsOutside(all, [day(1, ['09:00', '12:30'])]).map((v) => v.id)).toEqual([4]);
    expect(
      visitsOutside(all, [day(1, ['09:00', '11:50'], ['11:50', '13:00']), day(2, ['08:00', '20:00'])]).map(
        (v) => v.id,
      ),
    ).toEqual([2, 3]);
    expect(visitsOutside(all, []).map((v) => v.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a visit in extra hours of its date whatever the week says', () => {
    expect(
      visitsOutside(all, [], [{ date: '2026-11-24', start: '08:00', end: '10:00' }]).map((v) => v.id),
    ).toEqual([1, 2, 3]);
  });

  it('reads a visit ending at midnight as inside a day open until 24:00', () => {
    const late = visit(5, '2026-11-23T16:30:00Z', '2026-11-23T17:00:00Z'); // Monday 23:30–24:00
    expect(visitsOutside([late], [day(1, ['20:00', '24:00'])])).toEqual([]);
    expect(visitsOutside([late], [day(1, ['20:00', '23:30'])]).map((v) => v.id)).toEqual([5]);
  });

  it('folds rules into a week of seven days, Monday first', () => {
    const week = weekOfRules([
      { weekday: 1, start: '14:00:00', end: '18:00:00' },
      { weekday: 1, start: '09:00:00', end: '12:00:00' },
      { weekday: 7, start: '10:00', end: '24:00' },
    ]);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual(day(1, ['09:00', '12:00'], ['14:00', '18:00']));
    expect(week[1]).toEqual(day(2));
    expect(week[6]).toEqual(day(7, ['10:00', '24:00']));
  });
});

describe('new hours from a later day', () => {
  it('may start from today up to a year ahead, never in the past', () => {
    expect(hoursStartRefusal('2026-11-22', '2026-11-22')).toBeNull();
    expect(hoursStartRefusal('2027-11-23', '2026-11-22')).toBeNull();
    expect(hoursStartRefusal('2026-11-21', '2026-11-22')).toEqual({
      code: 'past',
      detail: 'Нельзя изменить часы задним числом: выберите сегодняшний день или позже',
    });
    expect(hoursStartRefusal('2027-11-24', '2026-11-22')?.code).toBe('too_far');
  });

  it('judges only the visits from the first day of the new hours (and before the next change)', () => {
    const visit = (id: number, day: string) => ({
      id,
      startsAt: `${day}T04:00:00.000Z`, // 11:00 in Novosibirsk
      endsAt: `${day}T04:30:00.000Z`,
      tz: 'Asia/Novosibirsk',
    });
    const visits = [visit(1, '2026-11-30'), visit(2, '2026-12-07'), visit(3, '2026-12-14')];
    const week = [day(1, ['14:00', '18:00'])];
    expect(visitsOutside(visits, week).map((v) => v.id)).toEqual([1, 2, 3]);
    expect(visitsOutside(visits, week, [], { from: '2026-12-07' }).map((v) => v.id)).toEqual([2, 3]);
    expect(
      visitsOutside(visits, week, [], { from: '2026-12-01', until: '2026-12-14' }).map((v) => v.id),
    ).toEqual([2]);
  });

  it('lists the coming changes: a generation starting after today, or one ending before a day after it', () => {
    const today = '2026-11-22';
    expect(pendingChanges([{ validFrom: '2026-01-01', validTo: null }], today)).toEqual([]);
    // Saved from today: the old rules ended yesterday, nothing is pending.
    expect(
      pendingChanges(
        [
          { validFrom: '2026-01-01', validTo: '2026-11-21' },
          { validFrom: '2026-11-22', validTo: null },
        ],
        today,
      ),
    ).toEqual([]);
    expect(
      pendingChanges(
        [
          { validFrom: '2026-01-01', validTo: '2026-12-14' },
          { validFrom: '2026-12-15', validTo: '2027-01-10' },
          { validFrom: '2026-12-15', validTo: '2027-01-10' },
        ],
        today,
      ),
    ).toEqual(['2026-12-15', '2027-01-11']);
    // New hours closing every day: no rule starts, the old ones end the day before.
    expect(pendingChanges([{ validFrom: '2026-01-01', validTo: '2026-12-14' }], today)).toEqual([
      '2026-12-15',
    ]);
  });

  it('reads a day as “15 декабря”', () => {
    expect(dayLong('2026-12-15')).toBe('15 декабря');
    expect(dayLong('2027-01-01')).toBe('1 января');
  });
});
