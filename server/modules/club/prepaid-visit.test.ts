/**
 * A prepaid visit's money carried through (issue 46): the booking's answers carry what was paid on
 * the site and what is left for the clinic, the patient's cancel says the coupon is kept, a move
 * keeps the prepayment; and the club's one rule prices a consultation and a service the same way
 * in the price list and at the coupon.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { clubCards, clubPayments, clubRefunds } from '../../db/schema/club';
import { workplacePrices, workplaces } from '../../db/schema/doctors';
import { createClinicService } from '../../db/seed/factories';
import type { TestSession } from '../../testing/session';
import { bookingFixture, PUBLIC_URL, type Spot, START } from '../booking/booking-fixture';

const t = bookingFixture();

/** A doctor in a clinic in the club (16 % off its services) whose clinic visit costs 4 500 ₽. */
async function clubDoctor(): Promise<Spot> {
  const spot = await t.doctor();
  await t.db
    .update(clinics)
    .set({ clubEnabled: true, clubDiscountPercent: 16 })
    .where(eq(clinics.id, spot.lpu_id));
  const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
  // The stored club price is stale on purpose (16 % off): the club's one rule says 30 % off a visit.
  await t.db
    .update(workplacePrices)
    .set({ price: 4500, clubPrice: 3780 })
    .where(eq(workplacePrices.workplaceId, place.id));
  return spot;
}

/** The patient's coupon for the slot, paid at the dev checkout: the visit's id. */
async function prepaidVisit(s: TestSession, spot: Spot, slot = '23.11.2026 10:00') {
  const res = await s.inject({
    url: '/club/ajax/coupon_request/',
    payload: {
      booking: t.form(spot, { slot }),
      receipt_email: 'p@example.ru',
      return_url: `${PUBLIC_URL}/novosibirsk/vrach/1/`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const coupon = res.json();
  // The club's one rule: 30 % off the 4 500 ₽ visit, whatever the stale stored club price said.
  expect(coupon).toMatchObject({ price: 3150, fullPrice: 4500, clubCouponPrice: 1575, clubLpuPrice: 1575 });
  const pay = await s.inject({ url: `${new URL(coupon.provider_payment_data.url).pathname}/pay` });
  expect(pay.statusCode).toBe(303);
  const status = await s.inject({
    method: 'GET',
    url: `/club/ajax/coupon_request/${coupon.id}/payment_status/`,
  });
  expect(status.json().paymentStatus).toBe('succeeded');
  return status.json().appointment_id as number;
}

const prepaidOf = async (id: number) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];

describe('a prepaid visit', () => {
  it("the patient's cancel answers that the coupon is kept, and no refund is made", async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const id = await prepaidVisit(s, spot);
    expect(await prepaidOf(id)).toMatchObject({ price: 3150, prepaidAmount: 1575_00 });
    const res = await s.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'canceled', money: { paid: 1575, refund: 0 } });
    await t.app.jobs.runDue();
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, s.userId));
    expect(payment.refundedAmount).toBe(0);
    expect(await t.db.select().from(clubRefunds).where(eq(clubRefunds.paymentId, payment.id))).toEqual([]);
    // Again: refused, the money's answer is not repeated as if cancelled twice.
    const again = await s.inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it('an ordinary visit’s cancel answers that nothing was paid', async () => {
    const spot = await t.doctor();
    const s = await t.patient();
    const booked = await t.book(s, t.form(spot, { slot: '23.11.2026 09:30' }));
    expect(booked.statusCode).toBe(201);
    // The booking's answer carries the money too: nothing paid, the price due at the clinic.
    const { appointment } = booked.json();
    expect(appointment).toMatchObject({ paid: 0, due: appointment.price });
    const res = await s.inject({ url: `/ajax/appointment/${appointment.id}/cancel/`, payload: {} });
    expect(res.json()).toEqual({ status: 'canceled', money: { paid: 0, refund: 0 } });
  });

  it('moving it keeps the prepayment, and the answer says what was paid and what is left', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const id = await prepaidVisit(s, spot, '23.11.2026 10:30');
    const res = await s.inject({
      url: `/ajax/appointment/${id}/reschedule/`,
      payload: { slot: '23.11.2026 11:30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().appointment).toMatchObject({ id, price: 3150, paid: 1575, due: 1575 });
    expect(await prepaidOf(id)).toMatchObject({ status: 'active', price: 3150, prepaidAmount: 1575_00 });
  });

  it('a member booking without the coupon is booked at the club price, all of it to pay at the clinic', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    await t.db.insert(clubCards).values({
      userId: s.userId,
      source: 'free',
      price: 0,
      dtStart: new Date(START.getTime() - 86_400_000),
      dtEnd: new Date(START.getTime() + 100 * 86_400_000),
      token: `member-card-${s.userId}-token`,
    });
    const res = await t.book(s, t.form(spot, { slot: '23.11.2026 09:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().appointment).toMatchObject({ price: 3150, paid: 0, due: 3150 });
    // Not a member: the full price.
    const other = await t.book(await t.patient(), t.form(spot, { slot: '23.11.2026 09:30' }));
    expect(other.json().appointment).toMatchObject({ price: 4500, paid: 0, due: 4500 });
  });

  it('another patient cannot cancel it, nor learn its money', async () => {
    const spot = await clubDoctor();
    const id = await prepaidVisit(await t.patient(), spot, '23.11.2026 11:00');
    const res = await (await t.patient()).inject({ url: `/ajax/appointment/${id}/cancel/`, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty('money');
  });
});

describe('the one club rule', () => {
  it('the price list takes 30 % off a consultation and the clinic’s 16 % off a service', async () => {
    const spot = await clubDoctor();
    const consultation = await createClinicService(t.db, {
      clinicId: spot.lpu_id,
      synonym: { name: 'Приём невролога первичный', visitType: 'clinic' },
      priceFull: 4500,
      priceClub: 3780,
    });
    const service = await createClinicService(t.db, {
      clinicId: spot.lpu_id,
      synonym: { name: 'МРТ позвоночника' },
      priceFull: 4500,
      priceClub: 3780,
    });
    const none = await createClinicService(t.db, {
      clinicId: spot.lpu_id,
      synonym: { name: 'Анализ крови' },
      priceFull: 900,
      priceClub: null,
    });
    const res = await t.app.inject({ method: 'GET', url: `/ajax/lpu/services/?lpu_id=${spot.lpu_id}` });
    expect(res.statusCode).toBe(200);
    const lines = new Map(
      (res.json().data as { sublist: { id: number; prices: { full: number; club: number | null } }[] }[])
        .flatMap((g) => g.sublist)
        .map((l) => [l.id, l.prices]),
    );
    expect(lines.get(consultation.id)).toEqual({ full: 4500, club: 3150 });
    expect(lines.get(service.id)).toEqual({ full: 4500, club: 3780 });
    expect(lines.get(none.id)).toEqual({ full: 900, club: null });

    // Out of the club: no club price anywhere.
    await t.db.update(clinics).set({ clubEnabled: false }).where(eq(clinics.id, spot.lpu_id));
    const out = await t.app.inject({ method: 'GET', url: `/ajax/lpu/services/?lpu_id=${spot.lpu_id}` });
    const clubs = (out.json().data as { sublist: { prices: { club: number | null } }[] }[])
      .flatMap((g) => g.sublist)
      .map((l) => l.prices.club);
    expect(clubs.every((c) => c === null)).toBe(true);
    // And no coupon either.
    const s = await t.patient();
    const coupon = await s.inject({
      url: '/club/ajax/coupon_request/',
      payload: {
        booking: t.form(spot, { slot: '23.11.2026 09:00' }),
        receipt_email: 'p@example.ru',
        return_url: `${PUBLIC_URL}/`,
      },
    });
    expect(coupon.statusCode).toBe(409);
    expect(coupon.json().code).toBe('no_club_price');
  });
});
