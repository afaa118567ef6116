import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { workplaces } from '../../db/schema/doctors';
import { injectWithCsrf } from '../../testing/csrf';
import { signedInAs, type TestSession } from '../../testing/session';
import type { bookingFixture, Spot } from '../booking/booking-fixture';

// The set-up the cabinet's hours tests share (hours.test.ts, online-booking.test.ts): the calls'
// paths, a week's body, and helpers over a test file's own booking fixture.

export const HOURS = '/cabinet/ajax/schedule/hours/';
export const BOOKING = '/cabinet/ajax/schedule/booking/';
export const SETTINGS = '/cabinet/ajax/settings/';

export const day = (weekday: number, ...intervals: [string, string][]) => ({
  weekday,
  intervals: intervals.map(([start, end]) => ({ start, end })),
});

/** A week's body for a doctor of the fixture's clinic. */
export const hoursOf = (
  spot: Spot,
  week: ReturnType<typeof day>[],
  slot = 30,
  more: Record<string, unknown> = {},
) => ({
  doctor_id: spot.doctor_id,
  visit_type: 'clinic',
  slot_minutes: slot,
  week,
  ...more,
});

/** The helpers over one test file's booking world. */
export function hoursHelpers(t: ReturnType<typeof bookingFixture>) {
  const clinicAccount = (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId });
  const doctorAccount = (doctorId: number) => signedInAs(t.app, t.db, { role: 'doctor', doctorId });
  const setHours = (s: TestSession, payload: Record<string, unknown>) => s.inject({ url: HOURS, payload });
  const readHours = (s: TestSession, query = '') => s.inject({ method: 'GET', url: `${HOURS}${query}` });

  /** The slot calls' answer for the doctor: 14 days from today, free times by day. */
  async function slotsBulk(
    spot: Spot,
  ): Promise<{ appointment_on: boolean; slots: Record<string, { time: string }[]> }> {
    const res = await injectWithCsrf(t.app, {
      url: '/ajax/schedule/slots_bulk/',
      payload: { days: 14, dt_start: '2026-11-22', town_timedelta: 7, doctors_lpus: [spot] },
    });
    expect(res.statusCode).toBe(200);
    return res.json()[0];
  }

  const timesOn = async (spot: Spot, date: string) =>
    ((await slotsBulk(spot)).slots[date] ?? []).map((s) => s.time);

  async function book(spot: Spot, slot: string) {
    const res = await t.book(await t.patient(), t.form(spot, { slot }));
    return res;
  }

  async function workplaceOf(spot: Spot): Promise<number> {
    const [w] = await t.db
      .select({ id: workplaces.id })
      .from(workplaces)
      .where(and(eq(workplaces.doctorId, spot.doctor_id), eq(workplaces.clinicId, spot.lpu_id)));
    return w.id;
  }

  return { clinicAccount, doctorAccount, setHours, readHours, slotsBulk, timesOn, book, workplaceOf };
}
