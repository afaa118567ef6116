import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cabinetAudit } from '../../db/schema/cabinet';
import { bookingFixture } from '../booking/booking-fixture';
import { BOOKING, day, hoursHelpers, hoursOf, SETTINGS } from './hours-fixture';

/**
 * The cabinet's online-booking switch and the clinic's booking horizon (docs/product/cabinet.md),
 * in the world of the booking tests: Novosibirsk on Sunday 22 November 2026 at 12:00; each doctor
 * works Mondays 09:00–12:00 in 30-minute slots, Monday 30 November off.
 */
const t = bookingFixture();
const { clinicAccount, setHours, readHours, slotsBulk, timesOn, book, workplaceOf } = hoursHelpers(t);

describe('online booking of a doctor', () => {
  it('off: no times offered and bookings refused, the booked visit kept; on again: back', async () => {
    const spot = await t.doctor();
    const visit = await book(spot, '23.11.2026 10:00');
    expect(visit.statusCode).toBe(201);
    const clinic = await clinicAccount(spot.lpu_id);

    const off = await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ doctor_id: spot.doctor_id, on: false });
    expect(await slotsBulk(spot)).toMatchObject({ appointment_on: false, slots: {} });
    const refused = await book(spot, '23.11.2026 11:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'booking_off',
      detail: 'Клиника сейчас не принимает онлайн-запись к этому врачу.',
    });
    const hours = (await readHours(clinic, `?doctor=${spot.doctor_id}`)).json();
    expect(
      hours.places.find((p: { doctor: { id: number } }) => p.doctor.id === spot.doctor_id).appointmentOn,
    ).toBe(false);
    const listed = (
      await clinic.inject({
        method: 'GET',
        url: `/cabinet/ajax/appointments/?date=2026-11-23&doctor=${spot.doctor_id}`,
      })
    ).json().visits;
    expect(listed.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
      [visit.json().appointment.id, 'active'],
    ]);

    expect(
      (await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: true } })).statusCode,
    ).toBe(200);
    expect(await slotsBulk(spot)).toMatchObject({ appointment_on: true });
    expect(await timesOn(spot, '2026-11-23')).toContain('11:00');
    const audit = await t.db
      .select()
      .from(cabinetAudit)
      .where(
        and(eq(cabinetAudit.action, 'booking.toggled'), eq(cabinetAudit.targetId, await workplaceOf(spot))),
      )
      .orderBy(cabinetAudit.id);
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ on: true }, { on: false }],
      [{ on: false }, { on: true }],
    ]);
    expect(
      (await clinic.inject({ url: BOOKING, payload: { doctor_id: spot.doctor_id, on: 'нет' } })).statusCode,
    ).toBe(400);
  });
});

describe('the booking horizon', () => {
  it('7 days: no times after the 7th day, booking one refused; 30 days: the month is open', async () => {
    const spot = await t.doctor();
    const clinic = await clinicAccount(spot.lpu_id);
    const settings = (await clinic.inject({ method: 'GET', url: SETTINGS })).json();
    expect(settings.booking_horizon_days).toBe(14);
    expect(
      (
        await setHours(
          clinic,
          hoursOf(
            spot,
            [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, ['09:00', '10:00'])),
            60,
          ),
        )
      ).statusCode,
    ).toBe(200);
    const days = async () => Object.keys((await slotsBulk(spot)).slots).sort();
    // By default two weeks from today; Monday 30 November is a day off.
    expect(await days()).toHaveLength(12);
    try {
      const set = await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 7 } });
      expect(set.statusCode).toBe(200);
      expect(set.json().booking_horizon_days).toBe(7);
      expect(await days()).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
      ]);
      const tooFar = await book(spot, '01.12.2026 09:00');
      expect(tooFar.statusCode).toBe(409);
      expect(tooFar.json()).toMatchObject({
        reason: 'too_far',
        detail: 'Запись на это время ещё не открыта. Выберите другое — ниже ближайшее свободное.',
      });
      expect((await book(spot, '28.11.2026 09:00')).statusCode).toBe(201);
      // A body without the horizon keeps it.
      const { booking_horizon_days: _, ...withoutHorizon } = settings;
      expect(
        (await clinic.inject({ url: SETTINGS, payload: withoutHorizon })).json().booking_horizon_days,
      ).toBe(7);

      await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 30 } });
      // 14 December is the 23rd day: bookable now, refused under the default two weeks.
      expect((await book(spot, '14.12.2026 09:00')).statusCode).toBe(201);
      expect(
        (await clinic.inject({ url: SETTINGS, payload: { ...settings, booking_horizon_days: 21 } })).json()
          .detail,
      ).toBe('Выберите из списка');
    } finally {
      await clinic.inject({ url: SETTINGS, payload: settings });
    }
    expect((await book(spot, '15.12.2026 09:00')).json().reason).toBe('too_far');
  });
});
