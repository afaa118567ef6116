import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_FAILURES } from '../../../core/booking/form';
import { scheduleRules } from '../../db/schema/schedule';
import { signedInAs, type TestSession } from '../../testing/session';
import { bookingFixture } from './booking-fixture';

/**
 * The clinic's booking rules on the server: a minimum notice and a buffer between visits, set in
 * the cabinet, apply to the slot calls and to bookings at once, and never touch a booked visit.
 * The world's clock: Sunday 22 November 2026, 12:00 in Novosibirsk; Mondays 09:00–12:00.
 */
const world = bookingFixture();
const SETTINGS = '/cabinet/ajax/settings/';
const defaults = { day_before: true, hours_before: true, min_notice_minutes: 0, buffer_minutes: 0 };

async function clinicOf(spot: { lpu_id: number }): Promise<TestSession> {
  return signedInAs(world.app, world.db, { role: 'clinic', clinicId: spot.lpu_id });
}

describe("the clinic's booking rules", () => {
  it('a minimum notice hides and refuses the times sooner than it (409 too_soon with nearer-free alternatives)', async () => {
    const spot = await world.doctor();
    const clinic = await clinicOf(spot);
    const set = await clinic.inject({ url: SETTINGS, payload: { ...defaults, min_notice_minutes: 120 } });
    expect(set.json()).toMatchObject({ min_notice_minutes: 120 });
    try {
      // Monday 08:00 in Novosibirsk: with two hours' notice, 09:00–10:00 are closed, 10:30 is open.
      await world.at(new Date('2026-11-23T01:00:00Z'), async () => {
        const patient = await world.patient();
        const res = await world.book(patient, world.form(spot, { slot: '23.11.2026 10:00' }));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ reason: 'too_soon', detail: BOOKING_FAILURES.too_soon });
        expect(res.json().alternatives[0]).toMatchObject({ day: '2026-11-23', time: '10:30' });
        expect(await world.freeTimes(spot, '2026-11-23')).toEqual(['10:30', '11:00', '11:30']);
        expect((await world.book(patient, world.form(spot, { slot: '23.11.2026 10:30' }))).statusCode).toBe(
          201,
        );
      });
    } finally {
      await clinic.inject({ url: SETTINGS, payload: defaults });
    }
    expect(await world.freeTimes(spot, '2026-11-23')).toContain('10:00');
  });

  it('a buffer keeps free time around each booked visit; the visit itself stays', async () => {
    const spot = await world.doctor();
    const patient = await world.patient();
    expect((await world.book(patient, world.form(spot, { slot: '23.11.2026 10:00' }))).statusCode).toBe(201);
    const clinic = await clinicOf(spot);
    await clinic.inject({ url: SETTINGS, payload: { ...defaults, buffer_minutes: 15 } });
    try {
      expect(await world.freeTimes(spot, '2026-11-23')).toEqual(['09:00', '11:00', '11:30']);
      const next = await world.book(await world.patient(), world.form(spot, { slot: '23.11.2026 10:30' }));
      expect(next.statusCode).toBe(409);
      expect(next.json().reason).toBe('slot_taken');
      const day = await clinic.inject({
        method: 'GET',
        url: `/cabinet/ajax/appointments/?date=2026-11-23&doctor=${spot.doctor_id}`,
      });
      expect(day.json().visits.filter((v: { status: string }) => v.status === 'active')).toHaveLength(1);
    } finally {
      await clinic.inject({ url: SETTINGS, payload: defaults });
    }
    expect(await world.freeTimes(spot, '2026-11-23')).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30']);
  });

  it('settings are a clinic account’s own: patients, doctors and garbage are refused', async () => {
    const spot = await world.doctor();
    const patient = await world.patient();
    expect((await patient.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(403);
    expect((await patient.inject({ url: SETTINGS, payload: defaults })).statusCode).toBe(403);
    const doctor = await signedInAs(world.app, world.db, { role: 'doctor', doctorId: spot.doctor_id });
    expect((await doctor.inject({ url: SETTINGS, payload: defaults })).json()).toMatchObject({
      detail: 'Настройки записи меняет клиника',
    });
    const clinic = await clinicOf(spot);
    for (const bad of [
      { ...defaults, min_notice_minutes: 7 },
      { ...defaults, buffer_minutes: -5 },
      { day_before: true },
    ]) {
      const res = await clinic.inject({ url: SETTINGS, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await clinic.inject({ method: 'GET', url: SETTINGS })).json()).toEqual({
      ...defaults,
      booking_horizon_days: 14,
    });
  });
});

describe('the nearest free times offered after a refusal', () => {
  it('start from the asked day, and from today when nothing is free from it on', async () => {
    const spot = await world.doctor();
    // The doctor also works Wednesdays: 25 November and 2 December are in the calendar.
    const [{ id: workplaceId }] = (
      await world.db.execute<{ id: number }>(
        sql`SELECT id FROM workplaces WHERE doctor_id = ${spot.doctor_id}`,
      )
    ).rows;
    await world.db.insert(scheduleRules).values({
      workplaceId,
      weekday: 3,
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
      validFrom: '2026-01-01',
    });
    const patient = await world.patient();
    expect((await world.book(patient, world.form(spot, { slot: '25.11.2026 09:00' }))).statusCode).toBe(201);
    const taken = await world.book(await world.patient(), world.form(spot, { slot: '25.11.2026 09:00' }));
    expect(taken.json().reason).toBe('slot_taken');
    expect(taken.json().alternatives.map((a: { slot: string }) => a.slot)).toEqual([
      '25.11.2026 09:30',
      '02.12.2026 09:00',
      '02.12.2026 09:30',
    ]);
    // Asked on the last Wednesday with nothing later: Monday's times come first.
    await world.book(patient, world.form(spot, { slot: '02.12.2026 09:30' }));
    await world.book(await world.patient(), world.form(spot, { slot: '02.12.2026 09:00' }));
    const late = await world.book(await world.patient(), world.form(spot, { slot: '02.12.2026 09:00' }));
    expect(late.json().alternatives[0]).toMatchObject({ slot: '23.11.2026 09:00' });
  });
});
