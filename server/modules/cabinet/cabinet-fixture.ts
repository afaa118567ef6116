import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clinics } from '../../db/schema/clinics';
import { workplacePrices, workplaces } from '../../db/schema/doctors';
import { signedInAs, type TestSession } from '../../testing/session';
import { type bookingFixture, PUBLIC_URL, type Spot } from '../booking/booking-fixture';

// The set-up the cabinet's visit tests share (cabinet.test.ts, days-off-and-callbacks.test.ts):
// the accounts, the reception call, a booking and a club coupon in the booking tests' world.

/** The helpers over one test file's booking world. */
export function cabinetHelpers(t: ReturnType<typeof bookingFixture>) {
  const reception = (s: TestSession | null, query = '') =>
    s
      ? s.inject({ method: 'GET', url: `/cabinet/ajax/appointments/${query}` })
      : t.app.inject({ method: 'GET', url: `/cabinet/ajax/appointments/${query}` });

  const clinicAccount = (clinicId: number) => signedInAs(t.app, t.db, { role: 'clinic', clinicId });
  const doctorAccount = (doctorId: number) => signedInAs(t.app, t.db, { role: 'doctor', doctorId });

  /** Books a doctor's time (Monday 23 November, Novosibirsk) as a new patient; the appointment's id. */
  async function booked(spot: Spot, slot: string, lastName = 'Иванова'): Promise<number> {
    const res = await t.book(await t.patient(), t.form(spot, { slot, last_name: lastName }));
    expect(res.statusCode).toBe(201);
    return res.json().appointment.id;
  }

  /**
   * A new doctor whose visit costs 2 000 ₽, 1 400 ₽ at the club price, and a patient's coupon for
   * one of his times (the time held until the coupon is paid).
   */
  async function clubCoupon(slot: string) {
    const spot = await t.doctor();
    // A clinic in the club: only its visits have a club price (the club's one rule).
    await t.db.update(clinics).set({ clubEnabled: true }).where(eq(clinics.id, spot.lpu_id));
    const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
    await t.db
      .update(workplacePrices)
      .set({ price: 2000, clubPrice: 1400 })
      .where(eq(workplacePrices.workplaceId, place.id));
    const patient = await t.patient();
    const res = await patient.inject({
      url: '/club/ajax/coupon_request/',
      payload: {
        booking: t.form(spot, { slot }),
        receipt_email: 'p@example.ru',
        return_url: `${PUBLIC_URL}/novosibirsk/vrach/1/`,
      },
    });
    expect(res.statusCode).toBe(201);
    return { spot, patient, coupon: res };
  }

  async function clinicTown(clinicId: number): Promise<number | undefined> {
    const [row] = await t.db.select({ townId: clinics.townId }).from(clinics).where(eq(clinics.id, clinicId));
    return row?.townId;
  }

  return { clinicTown, reception, clinicAccount, doctorAccount, booked, clubCoupon };
}
