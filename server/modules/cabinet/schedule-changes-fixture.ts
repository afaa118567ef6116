/**
 * The world of the cabinet's schedule-change tests (schedule-changes.test.ts, dated-hours.test.ts):
 * the booking tests' one, Novosibirsk on Sunday 22 November 2026 at 12:00; each doctor works
 * Mondays 09:00–12:00 in 30-minute slots, Monday 30 November off.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { workplaces } from '../../db/schema/doctors';
import { injectWithCsrf } from '../../testing/csrf';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture, type Spot } from '../booking/booking-fixture';

export const HOURS = '/cabinet/ajax/schedule/hours/';
export const WITHDRAW = '/cabinet/ajax/schedule/hours/withdraw/';
export const DATED = '/cabinet/ajax/schedule/dated-hours/';
export const DATED_REMOVE = '/cabinet/ajax/schedule/dated-hours/remove/';

export const post = (s: TestSession, url: string, payload: Record<string, unknown>) =>
  s.inject({ url, payload });

export const day = (weekday: number, ...intervals: [string, string][]) => ({
  weekday,
  intervals: intervals.map(([start, end]) => ({ start, end })),
});
export const everyWeekday = (from: string, to: string) => [1, 2, 3, 4, 5].map((d) => day(d, [from, to]));

export const hoursOf = (spot: Spot, week: ReturnType<typeof day>[], more: Record<string, unknown> = {}) => ({
  doctor_id: spot.doctor_id,
  visit_type: 'clinic',
  slot_minutes: 30,
  week,
  ...more,
});

export const datedOf = (
  spot: Spot,
  date: string,
  intervals: [string, string][],
  more: Record<string, unknown> = {},
) => ({
  doctor_id: spot.doctor_id,
  visit_type: 'clinic',
  date,
  slot_minutes: 30,
  intervals: intervals.map(([start, end]) => ({ start, end })),
  ...more,
});

/** A visit's status as the clinic's day list shows it. */
export const statusOf = async (clinic: TestSession, spot: Spot, date: string, id: number) =>
  (
    (
      await clinic.inject({
        method: 'GET',
        url: `/cabinet/ajax/appointments/?date=${date}&doctor=${spot.doctor_id}`,
      })
    ).json().visits as { id: number; status: string }[]
  ).find((v) => v.id === id)?.status;

/** The booking fixture (its hooks registered in the calling file) and the calls these tests make on it. */
export function scheduleChangesFixture() {
  const t = bookingFixture();
  return {
    t,
    clinicAccount: (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId }),

    /** The slot calls' free times of the doctor on a day (14 days from today are asked). */
    async timesOn(spot: Spot, date: string): Promise<string[]> {
      const res = await injectWithCsrf(t.app, {
        url: '/ajax/schedule/slots_bulk/',
        payload: { days: 14, dt_start: '2026-11-22', town_timedelta: 7, doctors_lpus: [spot] },
      });
      expect(res.statusCode).toBe(200);
      return (res.json()[0].slots[date] ?? []).map((s: { time: string }) => s.time);
    },

    async book(spot: Spot, slot: string): Promise<number> {
      const res = await t.book(await t.patient(), t.form(spot, { slot }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().appointment.id;
    },

    async workplaceOf(spot: Spot): Promise<number> {
      const [w] = await t.db
        .select({ id: workplaces.id })
        .from(workplaces)
        .where(and(eq(workplaces.doctorId, spot.doctor_id), eq(workplaces.clinicId, spot.lpu_id)));
      return w.id;
    },
  };
}
