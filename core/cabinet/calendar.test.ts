import { describe, expect, it } from 'vitest';
import {
  addTotals,
  axisHours,
  type CalendarColumnInput,
  calendarColumns,
  calendarStatus,
  canSeeCalendar,
} from './calendar';
import { patientHistory, patientKey } from './patient-card';

const TZ = 'Europe/Moscow';
const column = (doctorId: number, clinicId = 1): CalendarColumnInput => ({
  doctor: { id: doctorId, name: `Врач ${doctorId}`, specialities: [] },
  clinicId,
  address: 'ул. Ленина, 1',
  tz: TZ,
});
const visit = (id: number, startsAt: string, status = 'active', doctorId = 7) => ({
  id,
  doctorId,
  clinicId: 1,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  status,
  confirmed: false,
  patientName: `Пациент ${id}`,
  visitType: 'clinic',
  overbooked: false,
  prepaid: null,
  price: null,
  homeAddress: null,
});
const none = { visits: [], holds: [], blocks: [], free: [] };

describe('calendarColumns', () => {
  it("puts visits, holds, blocks and free times in each column's day, in time order", () => {
    const [col] = calendarColumns([column(7)], ['2026-11-23', '2026-11-24'], {
      // 09:30 Moscow is 06:30Z.
      visits: [visit(2, '2026-11-23T06:30:00.000Z'), visit(3, '2026-11-24T06:00:00.000Z', 'done')],
      holds: [
        {
          doctorId: 7,
          clinicId: 1,
          startsAt: '2026-11-23T07:00:00.000Z',
          endsAt: '2026-11-23T07:30:00.000Z',
        },
      ],
      blocks: [
        {
          id: 5,
          doctorId: 7,
          clinicId: 1,
          startsAt: '2026-11-23T08:00:00.000Z',
          endsAt: '2026-11-23T09:00:00.000Z',
          reason: 'Совещание',
        },
      ],
      free: [
        {
          doctorId: 7,
          clinicId: 1,
          slots: {
            '2026-11-23': [
              { time: '09:00', duration: 30 },
              { time: '10:30', duration: 30, free: false },
            ],
          },
        },
      ],
    });
    expect(col.days[0].items.map((i) => [i.kind, i.startsAt])).toEqual([
      ['free', '2026-11-23T06:00:00.000Z'],
      ['visit', '2026-11-23T06:30:00.000Z'],
      ['hold', '2026-11-23T07:00:00.000Z'],
      ['block', '2026-11-23T08:00:00.000Z'],
    ]);
    expect(col.days[0].totals).toEqual({ booked: 1, arrived: 0, noShow: 0, free: 1 });
    expect(col.days[1].items).toMatchObject([{ kind: 'visit', id: 3, status: 'arrived' }]);
    expect(col.days[1].totals).toEqual({ booked: 1, arrived: 1, noShow: 0, free: 0 });
  });

  it('puts a visit in the day of its start in the clinic zone, and leaves out other doctors and days', () => {
    const [col] = calendarColumns([column(7)], ['2026-11-23'], {
      ...none,
      // 23:30 Moscow on the 22nd, 00:30 Moscow on the 23rd, another doctor's, another clinic's.
      visits: [
        visit(1, '2026-11-22T20:30:00.000Z'),
        visit(2, '2026-11-22T21:30:00.000Z'),
        visit(3, '2026-11-23T06:00:00.000Z', 'active', 8),
        { ...visit(4, '2026-11-23T06:00:00.000Z'), clinicId: 2 },
      ],
    });
    expect(col.days[0].items.map((i) => (i.kind === 'visit' ? i.id : 0))).toEqual([2]);
  });

  it('shows a block over several days on each, cut at the day', () => {
    const [col] = calendarColumns([column(7)], ['2026-11-23', '2026-11-24', '2026-11-25'], {
      ...none,
      blocks: [
        {
          id: 1,
          doctorId: 7,
          clinicId: 1,
          startsAt: '2026-11-23T15:00:00.000Z',
          endsAt: '2026-11-24T09:00:00.000Z',
          reason: 'Ремонт',
        },
      ],
    });
    expect(col.days.map((d) => d.items.map((i) => [i.startsAt, i.endsAt]))).toEqual([
      [['2026-11-23T15:00:00.000Z', '2026-11-23T21:00:00.000Z']],
      [['2026-11-23T21:00:00.000Z', '2026-11-24T09:00:00.000Z']],
      [],
    ]);
  });

  it('counts cancelled visits nowhere, and keeps same-time items visits first', () => {
    const [col] = calendarColumns([column(7)], ['2026-11-23'], {
      ...none,
      visits: [
        visit(1, '2026-11-23T06:00:00.000Z', 'canceled'),
        visit(2, '2026-11-23T07:00:00.000Z', 'no_show'),
      ],
      free: [{ doctorId: 7, clinicId: 1, slots: { '2026-11-23': [{ time: '09:00', duration: 30 }] } }],
    });
    expect(col.days[0].items.map((i) => i.kind)).toEqual(['visit', 'free', 'visit']);
    expect(col.days[0].totals).toEqual({ booked: 1, arrived: 0, noShow: 1, free: 1 });
  });
});

describe('calendar rules', () => {
  it('names the states', () => {
    expect(calendarStatus('active', false)).toBe('booked');
    expect(calendarStatus('active', true)).toBe('confirmed');
    expect(calendarStatus('done', true)).toBe('arrived');
    expect(calendarStatus('no_show', false)).toBe('no_show');
    expect(calendarStatus('canceled', true)).toBe('canceled');
  });

  it('adds totals', () => {
    const t = { booked: 2, arrived: 1, noShow: 1, free: 3 };
    expect(addTotals([t, t])).toEqual({ booked: 4, arrived: 2, noShow: 2, free: 6 });
    expect(addTotals([])).toEqual({ booked: 0, arrived: 0, noShow: 0, free: 0 });
  });

  it('spans the axis over the items, 08:00-20:00 at least', () => {
    const minutes = (at: string) => Number(at.slice(0, 2)) * 60 + Number(at.slice(3, 5));
    expect(axisHours([], TZ, minutes)).toEqual({ from: 480, to: 1200 });
    expect(
      axisHours(
        [
          { startsAt: '07:15', endsAt: '07:45' },
          { startsAt: '20:00', endsAt: '21:30' },
        ],
        TZ,
        minutes,
      ),
    ).toEqual({
      from: 420,
      to: 1320,
    });
  });

  it('lets a clinic see its calendar and a doctor his own, nobody else', () => {
    const base = { userId: 1, clinicId: null, doctorId: null };
    expect(canSeeCalendar({ ...base, role: 'clinic', clinicId: 4 })).toEqual({ clinicId: 4 });
    expect(canSeeCalendar({ ...base, role: 'doctor', doctorId: 9 })).toEqual({ doctorId: 9 });
    expect(canSeeCalendar({ ...base, role: 'patient' })).toBeNull();
    expect(canSeeCalendar({ ...base, userId: null, role: 'clinic', clinicId: 4 })).toBeNull();
  });
});

describe('the patient card', () => {
  it('keys the patient by account, else by phone', () => {
    expect(patientKey({ userId: 42, phone: '79161234567' })).toBe('user:42');
    expect(patientKey({ userId: null, phone: '79161234567' })).toBe('phone:79161234567');
  });

  it('splits coming and past visits and counts no-shows', () => {
    const now = new Date('2026-11-23T08:00:00Z');
    const v = (id: number, startsAt: string, status: string) => ({
      id,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
      status,
    });
    const history = patientHistory(
      [
        v(1, '2026-11-01T08:00:00.000Z', 'no_show'),
        v(2, '2026-11-30T08:00:00.000Z', 'booked'),
        v(3, '2026-11-25T08:00:00.000Z', 'confirmed'),
        v(4, '2026-11-10T08:00:00.000Z', 'arrived'),
        v(5, '2026-11-28T08:00:00.000Z', 'canceled'),
        // Under way: still coming until it ends.
        v(6, '2026-11-23T07:45:00.000Z', 'booked'),
      ],
      now,
    );
    expect(history.coming.map((x) => x.id)).toEqual([6, 3, 2]);
    expect(history.past.map((x) => x.id)).toEqual([5, 4, 1]);
    expect(history.counts).toEqual({ coming: 3, past: 3, arrived: 1, noShow: 1, canceled: 1 });
  });
});
