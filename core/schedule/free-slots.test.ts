import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type DatedException,
  explicitFreeSlots,
  freeSlots,
  isoWeekday,
  isTimeZone,
  offsetZone,
  rezoneSlots,
  type WeeklyRule,
} from './free-slots';

const monday = '2026-11-23';
const rule = (
  weekday: number,
  start: string,
  end: string,
  slotMinutes = 30,
  extra: Partial<WeeklyRule> = {},
): WeeklyRule => ({
  weekday,
  start,
  end,
  slotMinutes,
  validFrom: '2026-01-01',
  validTo: null,
  ...extra,
});
const off = (date: string, start: string | null = null, end: string | null = null): DatedException => ({
  date,
  kind: 'off',
  start,
  end,
  slotMinutes: null,
});

const ZONES = [
  { zone: 'Europe/Moscow', utcOffset: 3 },
  { zone: 'Asia/Novosibirsk', utcOffset: 7 },
  { zone: 'Asia/Vladivostok', utcOffset: 10 },
];

/** The instant of a wall-clock time in a zone with a fixed offset (Russia keeps no DST). */
const at = (day: string, time: string, utcOffset: number) =>
  new Date(Date.parse(`${day}T${time}:00Z`) - utcOffset * 3600_000);

// The machine's own zone must never matter: run everything under two very different ones.
for (const processTz of ['UTC', 'America/New_York']) {
  describe(`free slots (process TZ=${processTz})`, () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = processTz;
    });
    afterAll(() => {
      process.env.TZ = saved;
    });

    for (const { zone, utcOffset } of ZONES) {
      describe(zone, () => {
        const base = {
          rules: [rule(1, '09:00', '11:00'), rule(2, '14:00', '15:00', 20)],
          exceptions: [],
          busy: [],
          from: monday,
          days: 14,
          timeZone: zone,
        };

        it('makes slots from weekly rules in the clinic’s wall-clock time', () => {
          const slots = freeSlots({ ...base, now: at('2026-11-22', '12:00', utcOffset) });
          expect(slots[monday]).toEqual([
            { time: '09:00', duration: 30 },
            { time: '09:30', duration: 30 },
            { time: '10:00', duration: 30 },
            { time: '10:30', duration: 30 },
          ]);
          expect(slots['2026-11-24'].map((s) => s.time)).toEqual(['14:00', '14:20', '14:40']);
          expect(Object.keys(slots)).toEqual([monday, '2026-11-24', '2026-11-30', '2026-12-01']);
        });

        it('drops the past: at 09:45 local the 09:00 and 09:30 slots are gone', () => {
          const slots = freeSlots({ ...base, now: at(monday, '09:45', utcOffset) });
          expect(slots[monday].map((s) => s.time)).toEqual(['10:00', '10:30']);
          // A slot starting exactly now is gone too.
          expect(
            freeSlots({ ...base, now: at(monday, '10:00', utcOffset) })[monday].map((s) => s.time),
          ).toEqual(['10:30']);
        });

        it('removes appointments: any overlap takes a slot', () => {
          const busy = [
            { startsAt: at(monday, '09:30', utcOffset), endsAt: at(monday, '10:00', utcOffset) },
            // A 10-minute appointment inside the 10:30 slot.
            { startsAt: at(monday, '10:35', utcOffset), endsAt: at(monday, '10:45', utcOffset) },
          ];
          const slots = freeSlots({ ...base, busy, now: at('2026-11-22', '12:00', utcOffset) });
          expect(slots[monday].map((s) => s.time)).toEqual(['09:00', '10:00']);
        });
      });
    }

    describe('exceptions and validity', () => {
      const now = at('2026-11-22', '12:00', 3);
      const base = { busy: [], from: monday, days: 7, timeZone: 'Europe/Moscow', now };

      it('a whole day off removes it; part of a day off removes the slots it touches', () => {
        const rules = [rule(1, '09:00', '12:00', 60), rule(2, '09:00', '12:00', 60)];
        const slots = freeSlots({
          ...base,
          rules,
          exceptions: [off(monday), off('2026-11-24', '09:30', '10:30')],
        });
        expect(slots[monday]).toBeUndefined();
        expect(slots['2026-11-24'].map((s) => s.time)).toEqual(['11:00']);
      });

      it('a date’s own hours: the week off 00:00–24:00 and the date’s hours as extra, on its own grid', () => {
        const rules = [rule(2, '09:00', '18:00', 30)];
        const exceptions: DatedException[] = [
          off('2026-11-24', '00:00', '24:00'),
          { date: '2026-11-24', kind: 'extra', start: '10:15', end: '11:45', slotMinutes: 45 },
          // A whole day off closes a date's own hours too.
          off('2026-11-28'),
          { date: '2026-11-28', kind: 'extra', start: '10:00', end: '11:00', slotMinutes: 30 },
        ];
        const slots = freeSlots({ ...base, rules, exceptions });
        expect(slots['2026-11-24']).toEqual([
          { time: '10:15', duration: 45 },
          { time: '11:00', duration: 45 },
        ]);
        expect(slots['2026-11-28']).toBeUndefined();
      });

      it('extra hours add slots on a day without rules', () => {
        const exceptions: DatedException[] = [
          { date: '2026-11-28', kind: 'extra', start: '10:00', end: '11:00', slotMinutes: 30 },
        ];
        expect(freeSlots({ ...base, rules: [], exceptions })['2026-11-28']).toEqual([
          { time: '10:00', duration: 30 },
          { time: '10:30', duration: 30 },
        ]);
      });

      it('rules apply only between validFrom and validTo; a slot must fit before the end', () => {
        const rules = [
          rule(1, '09:00', '10:10', 30, { validTo: '2026-11-23' }),
          rule(3, '09:00', '10:00', 30, { validFrom: '2026-12-01' }),
        ];
        const slots = freeSlots({ ...base, rules, exceptions: [], days: 14 });
        expect(slots[monday].map((s) => s.time)).toEqual(['09:00', '09:30']);
        expect(slots['2026-11-30']).toBeUndefined();
        expect(slots['2026-11-25']).toBeUndefined();
        expect(slots['2026-12-02'].map((s) => s.time)).toEqual(['09:00', '09:30']);
      });

      it('overlapping rules give each start once', () => {
        const rules = [rule(1, '09:00', '10:00'), rule(1, '09:00', '10:00')];
        expect(freeSlots({ ...base, rules, exceptions: [] })[monday]).toHaveLength(2);
      });

      it('a zone with summer time: the skipped hour gives no slot, the others keep their wall time', () => {
        const rules = [rule(7, '01:00', '05:00', 60)];
        const slots = freeSlots({
          rules,
          exceptions: [],
          busy: [],
          from: '2026-03-29',
          days: 1,
          now: new Date('2026-03-01T00:00:00Z'),
          timeZone: 'Europe/Berlin',
        });
        expect(slots['2026-03-29'].map((s) => s.time)).toEqual(['01:00', '03:00', '04:00']);
      });

      it('answers in the user’s zone for a user timedelta', () => {
        const slots = freeSlots({
          ...base,
          rules: [rule(1, '09:00', '09:30')],
          exceptions: [],
          displayZone: offsetZone(10),
        });
        expect(slots[monday]).toEqual([{ time: '16:00', duration: 30 }]);
      });
    });

    it('explicit slots pushed by a clinic answer in the same shape', () => {
      const now = at('2026-11-22', '12:00', 7);
      const slots = explicitFreeSlots(
        [
          { startsAt: at(monday, '08:00', 7), durationMinutes: 15 },
          { startsAt: at(monday, '08:15', 7), durationMinutes: 15 },
          { startsAt: at('2026-11-21', '08:15', 7), durationMinutes: 15 },
          { startsAt: at('2026-12-20', '08:15', 7), durationMinutes: 15 },
        ],
        {
          busy: [{ startsAt: at(monday, '08:15', 7), endsAt: at(monday, '08:30', 7) }],
          from: monday,
          days: 14,
          now,
          timeZone: 'Asia/Novosibirsk',
        },
      );
      expect(slots).toEqual({ [monday]: [{ time: '08:00', duration: 15 }] });
    });
  });
}

describe('calendar arithmetic', () => {
  it('adds days across months and years and knows the ISO weekday', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('turns an hour offset into a fixed zone', () => {
    expect(offsetZone(3)).toBe('Etc/GMT-3');
    expect(offsetZone(-5)).toBe('Etc/GMT+5');
    expect(offsetZone(0)).toBe('Etc/UTC');
    expect(() => offsetZone(20)).toThrow(RangeError);
  });
});

describe('zones of the patient', () => {
  it('knows IANA zone names and refuses made-up ones', () => {
    expect(isTimeZone('Asia/Novosibirsk')).toBe(true);
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Nowhere')).toBe(false);
    expect(isTimeZone('+07:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('a Moscow slot seen from Novosibirsk is 4 hours later, late ones on the next day', () => {
    const moscow = {
      '2026-11-23': [
        { time: '09:00', duration: 30, free: true },
        { time: '22:00', duration: 30, free: false },
      ],
    };
    expect(rezoneSlots(moscow, 'Europe/Moscow', 'Asia/Novosibirsk', { from: '2026-11-23', days: 2 })).toEqual(
      {
        '2026-11-23': [{ time: '13:00', duration: 30, free: true }],
        '2026-11-24': [{ time: '02:00', duration: 30, free: false }],
      },
    );
  });

  it('keeps only the days of the window in the new zone, in time order', () => {
    const utc = {
      '2026-11-22': [{ time: '20:00', duration: 60 }],
      '2026-11-23': [
        { time: '08:00', duration: 60 },
        { time: '06:00', duration: 60 },
      ],
      '2026-11-24': [{ time: '18:00', duration: 60 }],
    };
    // Vladivostok is UTC+10: 22 Nov 20:00 UTC is 23 Nov 06:00 there; 24 Nov 18:00 UTC is 25 Nov.
    expect(rezoneSlots(utc, 'Etc/UTC', 'Asia/Vladivostok', { from: '2026-11-23', days: 2 })).toEqual({
      '2026-11-23': [
        { time: '06:00', duration: 60 },
        { time: '16:00', duration: 60 },
        { time: '18:00', duration: 60 },
      ],
    });
  });

  it('follows summer time in the patient’s zone', () => {
    // 12:00 UTC is 13:00 in Berlin in winter and 14:00 after the March change.
    const utc = {
      '2026-03-28': [{ time: '12:00', duration: 30 }],
      '2026-03-30': [{ time: '12:00', duration: 30 }],
    };
    expect(rezoneSlots(utc, 'Etc/UTC', 'Europe/Berlin', { from: '2026-03-28', days: 3 })).toEqual({
      '2026-03-28': [{ time: '13:00', duration: 30 }],
      '2026-03-30': [{ time: '14:00', duration: 30 }],
    });
  });
});

describe("the clinic's booking rules", () => {
  const base = {
    rules: [rule(1, '09:00', '12:00')],
    exceptions: [],
    from: monday,
    days: 1,
    timeZone: 'Europe/Moscow',
  };
  const times = (input: Parameters<typeof freeSlots>[0]) =>
    (freeSlots(input)[monday] ?? []).map((s) => s.time);

  it('minimum notice: nothing starting sooner than that from now (09:10 with 2 h → from 11:30)', () => {
    const now = at(monday, '09:10', 3);
    expect(times({ ...base, busy: [], now })).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(times({ ...base, busy: [], now, minNoticeMinutes: 120 })).toEqual(['11:30']);
    // Exactly at the notice's end is still too soon.
    expect(times({ ...base, busy: [], now: at(monday, '09:30', 3), minNoticeMinutes: 120 })).toEqual([]);
  });

  it('buffer: the slots touching a booked visit stay free only when the buffer is zero', () => {
    const now = at('2026-11-22', '12:00', 3);
    const busy = [{ startsAt: at(monday, '10:00', 3), endsAt: at(monday, '10:30', 3) }];
    expect(times({ ...base, busy, now })).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30']);
    expect(times({ ...base, busy, now, bufferMinutes: 15 })).toEqual(['09:00', '11:00', '11:30']);
    expect(times({ ...base, busy, now, bufferMinutes: 30 })).toEqual(['09:00', '11:00', '11:30']);
  });

  it('horizon: only the days from the clinic’s today within it (7 days from Sunday 22 November → to Saturday 28)', () => {
    const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => rule(weekday, '09:00', '10:00'));
    // 23:30 on Sunday in Moscow: still the 22nd there (already the 23rd in UTC+7 and beyond).
    const now = at('2026-11-22', '23:30', 3);
    const input = { ...base, rules: daily, busy: [], now, from: '2026-11-22', days: 14 };
    expect(Object.keys(freeSlots(input))).toHaveLength(13);
    expect(Object.keys(freeSlots({ ...input, horizonDays: 7 }))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(freeSlots({ ...input, horizonDays: 60 })).toEqual(freeSlots(input));
  });
});

describe("the clinic's blocks", () => {
  const base = {
    rules: [rule(1, '09:00', '12:00')],
    exceptions: [],
    busy: [],
    from: monday,
    days: 1,
    timeZone: 'Europe/Moscow',
    now: at('2026-11-22', '12:00', 3),
    bufferMinutes: 30,
  };
  const times = (input: Parameters<typeof freeSlots>[0]) =>
    (freeSlots(input)[monday] ?? []).map((s) => s.time);

  it('a block takes every slot it overlaps out, with no buffer around it (10:15–11:00 → 10:00 and 10:30 gone)', () => {
    const blocks = [{ startsAt: at(monday, '10:15', 3), endsAt: at(monday, '11:00', 3) }];
    expect(times({ ...base, blocks })).toEqual(['09:00', '09:30', '11:00', '11:30']);
    // A block touching a slot's edge leaves it.
    const edge = [{ startsAt: at(monday, '12:00', 3), endsAt: at(monday, '13:00', 3) }];
    expect(times({ ...base, blocks: edge })).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('pushed slots lose the blocked ones too', () => {
    const blocks = [{ startsAt: at(monday, '09:00', 3), endsAt: at(monday, '09:30', 3) }];
    const pushed = [
      { startsAt: at(monday, '09:00', 3), durationMinutes: 30 },
      { startsAt: at(monday, '09:30', 3), durationMinutes: 30 },
    ];
    expect(explicitFreeSlots(pushed, { ...base, blocks })[monday]).toEqual([{ time: '09:30', duration: 30 }]);
  });
});
