import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { clubCards, clubCouponRequests, clubPayments, clubRefunds, devPayments } from '../../db/schema/club';
import { workplacePrices, workplaces } from '../../db/schema/doctors';
import type { TestSession } from '../../testing/session';
import { bookingFixture, PUBLIC_URL, type Spot, START } from '../booking/booking-fixture';
import { refundCouponOfAppointment } from './coupon-payments';

const t = bookingFixture();

/**
 * A doctor of a clinic in the club whose clinic visit costs 2 000 ₽, 1 400 ₽ at the club price
 * (the club's one rule: 30 % off a visit); `price` another full price, null club: none.
 */
async function clubDoctor(clubPrice: number | null = 1400, price = 2000): Promise<Spot> {
  const spot = await t.doctor();
  await t.db.update(clinics).set({ clubEnabled: true }).where(eq(clinics.id, spot.lpu_id));
  const [place] = await t.db.select().from(workplaces).where(eq(workplaces.doctorId, spot.doctor_id));
  await t.db
    .update(workplacePrices)
    .set({ price, clubPrice })
    .where(eq(workplacePrices.workplaceId, place.id));
  return spot;
}

const couponRequest = (s: TestSession, spot: Spot, change: Record<string, unknown> = {}) =>
  s.inject({
    url: '/club/ajax/coupon_request/',
    payload: {
      booking: t.form(spot, { slot: '23.11.2026 10:00' }),
      receipt_email: 'p@example.ru',
      return_url: `${PUBLIC_URL}/novosibirsk/vrach/1/?slot=x`,
      ...change,
    },
  });
const couponStatus = (s: TestSession, id: number) =>
  s.inject({ method: 'GET', url: `/club/ajax/coupon_request/${id}/payment_status/` });
const press = (s: TestSession, url: string, button: 'pay' | 'decline') =>
  s.inject({ url: `${new URL(url).pathname}/${button}` });
const appointmentOf = async (id: number) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];

describe('booking at the club price', () => {
  it('a newcomer prepays half the club price; the free card comes with it; paying books the visit, prepaid', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const res = await couponRequest(s, spot);
    expect(res.statusCode).toBe(201);
    const coupon = res.json();
    expect(coupon).toMatchObject({
      paymentStatus: 'payment',
      lifeTime: 1200,
      price: 1400,
      fullPrice: 2000,
      clubCouponPrice: 700,
      clubLpuPrice: 700,
      cardPrice: 0,
      totalPrice: 1400,
      prepayment: 700,
      discount: 600,
      clubCardLifetimeMonths: 6,
      return_url: `${PUBLIC_URL}/novosibirsk/vrach/1/`,
      error: null,
    });
    // The slot is held for the patient: another one cannot take it.
    const other = await t.patient();
    expect((await t.hold(other, spot, '23.11.2026 10:00')).statusCode).toBe(409);

    const pay = await press(s, coupon.provider_payment_data.url, 'pay');
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${PUBLIC_URL}/club/coupon_request/${coupon.id}/payment_status/`);
    const done = (await couponStatus(s, coupon.id)).json();
    expect(done).toMatchObject({ paymentStatus: 'succeeded', error: null });
    const appointment = await appointmentOf(coupon.appointment_id);
    expect(appointment).toMatchObject({
      status: 'active',
      // At the club price (the hold was made at the full 2 000 ₽): the clinic takes 1 400 − 700.
      price: 1400,
      prepaidAmount: 700_00,
      patientName: 'Иванова Анна Петровна',
    });
    const cards = await t.db.select().from(clubCards).where(eq(clubCards.userId, s.userId));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ source: 'free', couponRequestId: coupon.id });
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, s.userId));
    expect(payment).toMatchObject({ amount: 700_00, status: 'succeeded', purpose: 'coupon' });

    // Paying again is refused with the product's words.
    const again = await s.inject({ url: `/club/ajax/coupon_request/${coupon.id}/payment/` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_paid', detail: 'Купон уже оплачен.' });
  });

  it('a former member buys the next card (99 ₽) with the coupon', async () => {
    // 2 221 ₽ less 30 % (666 ₽, rounded down) is 1 555 ₽.
    const spot = await clubDoctor(1555, 2221);
    const s = await t.patient();
    await t.db.insert(clubCards).values({
      userId: s.userId,
      source: 'free',
      price: 0,
      dtStart: new Date(START.getTime() - 300 * 86_400_000),
      dtEnd: new Date(START.getTime() - 86_400_000),
      token: `old-card-${s.userId}-token`,
    });
    const coupon = (await couponRequest(s, spot)).json();
    expect(coupon).toMatchObject({ clubCouponPrice: 777, clubLpuPrice: 778, cardPrice: 99, prepayment: 876 });
    await press(s, coupon.provider_payment_data.url, 'pay');
    const cards = await t.db.select().from(clubCards).where(eq(clubCards.userId, s.userId));
    expect(cards.map((c) => c.source).sort()).toEqual(['free', 'paid']);
  });

  it('an unpaid coupon expires after 20 minutes and frees the slot', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    const later = new Date(START.getTime() + 21 * 60_000);
    await t.at(later, async () => {
      const status = (await couponStatus(s, coupon.id)).json();
      expect(status).toMatchObject({
        paymentStatus: 'expired',
        lifeTime: 0,
        error: { code: 'timed_out', detail: 'Истекло время для оплаты.' },
      });
      const pay = await s.inject({ url: `/club/ajax/coupon_request/${coupon.id}/payment/` });
      expect(pay.json()).toMatchObject({ code: 'timed_out', detail: 'Истекло время для оплаты.' });
      expect(await appointmentOf(coupon.appointment_id)).toBeUndefined();
      expect((await couponStatus(s, coupon.id)).json().appointment_id).toBeNull();
      const other = await t.patient();
      expect((await t.hold(other, spot, '23.11.2026 10:00')).statusCode).toBe(201);
    });
  });

  it('a declined payment cancels the coupon and lets the slot go; no card', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    await press(s, coupon.provider_payment_data.url, 'decline');
    const status = (await couponStatus(s, coupon.id)).json();
    expect(status).toMatchObject({ paymentStatus: 'canceled', error: { code: 'coupon_request_canceled' } });
    expect(await appointmentOf(coupon.appointment_id)).toBeUndefined();
    expect(await t.db.select().from(clubCards).where(eq(clubCards.userId, s.userId))).toHaveLength(0);
  });

  it('paid after the hold was lost: the coupon is canceled and the money refunded, once', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    await t.db
      .delete(appointments)
      .where(and(eq(appointments.id, coupon.appointment_id), eq(appointments.status, 'held')));
    await press(s, coupon.provider_payment_data.url, 'pay');
    expect((await couponStatus(s, coupon.id)).json().paymentStatus).toBe('canceled');
    await t.app.jobs.runDue(START);
    await t.app.jobs.runDue(START);
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, s.userId));
    expect(payment.refundedAmount).toBe(700_00);
    const [dev] = await t.db
      .select()
      .from(devPayments)
      .where(eq(devPayments.id, payment.providerPaymentId ?? ''));
    expect(dev.refunds).toHaveLength(1);
    expect(dev.refunds[0].amount).toBe(700_00);
    expect(await t.db.select().from(clubRefunds).where(eq(clubRefunds.paymentId, payment.id))).toEqual([
      expect.objectContaining({ reason: 'not_booked', amount: 700_00, status: 'succeeded' }),
    ]);
  });

  it('a coupon payment reported for another sum books nothing: the slot is let go, the money refunded and logged', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    const paymentId = new URL(coupon.provider_payment_data.url).pathname.split('/').at(-1) ?? '';
    await t.db.update(devPayments).set({ amount: 1_00 }).where(eq(devPayments.id, paymentId));
    await press(s, coupon.provider_payment_data.url, 'pay');
    expect((await couponStatus(s, coupon.id)).json().paymentStatus).toBe('canceled');
    expect(await appointmentOf(coupon.appointment_id)).toBeUndefined();
    expect(await t.db.select().from(clubCards).where(eq(clubCards.userId, s.userId))).toHaveLength(0);
    await t.app.jobs.runDue(START);
    const [dev] = await t.db.select().from(devPayments).where(eq(devPayments.id, paymentId));
    expect(dev.refunds).toEqual([expect.objectContaining({ amount: 1_00 })]);
    expect(await t.db.select().from(clubRefunds).where(eq(clubRefunds.userId, s.userId))).toEqual([
      expect.objectContaining({ reason: 'wrong_amount', amount: 1_00, status: 'succeeded' }),
    ]);
  });

  it('a success for a coupon closed already books nothing and is refunded, logged for staff', async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    await t.db
      .update(clubCouponRequests)
      .set({ status: 'canceled' })
      .where(eq(clubCouponRequests.id, coupon.id));
    await press(s, coupon.provider_payment_data.url, 'pay');
    await t.app.jobs.runDue(START);
    expect((await appointmentOf(coupon.appointment_id))?.status).not.toBe('active');
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, s.userId));
    expect(payment).toMatchObject({ status: 'succeeded', refundedAmount: 700_00 });
    expect(await t.db.select().from(clubRefunds).where(eq(clubRefunds.userId, s.userId))).toEqual([
      expect.objectContaining({ reason: 'duplicate', amount: 700_00, status: 'succeeded' }),
    ]);
  });

  it("a clinic's cancel of a paid coupon's appointment refunds it once", async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    const coupon = (await couponRequest(s, spot)).json();
    await press(s, coupon.provider_payment_data.url, 'pay');
    const cancel = () =>
      t.db.transaction(async (tx) => {
        await tx
          .update(appointments)
          .set({ status: 'canceled', canceledAt: START })
          .where(eq(appointments.id, coupon.appointment_id));
        return refundCouponOfAppointment(tx, t.app.jobs, coupon.appointment_id, START);
      });
    expect(await cancel()).toBe(true);
    expect(await cancel()).toBe(false);
    await t.app.jobs.runDue(START);
    const [payment] = await t.db.select().from(clubPayments).where(eq(clubPayments.userId, s.userId));
    expect(payment.refundedAmount).toBe(700_00);
    expect(await t.db.select().from(clubRefunds).where(eq(clubRefunds.paymentId, payment.id))).toEqual([
      expect.objectContaining({ reason: 'visit_canceled', amount: 700_00, status: 'succeeded' }),
    ]);
    const status = (await couponStatus(s, coupon.id)).json();
    expect(status).toMatchObject({ paymentStatus: 'canceled', error: { code: 'appointment_canceled' } });
  });

  it("one patient's coupon requests for several times at once: each answers 201 or 409, never 500; one time stays held", async () => {
    const spot = await clubDoctor();
    const s = await t.patient();
    // Each request holds its time, which lets the patient's earlier hold go (one hold at a time):
    // a request whose hold is gone before its coupon is written must say so, not fail on the key.
    const replies = await Promise.all(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((time) =>
        couponRequest(s, spot, { booking: t.form(spot, { slot: `23.11.2026 ${time}` }) }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(
      statuses.every((code) => code === 201 || code === 409),
      statuses.join(','),
    ).toBe(true);
    for (const r of replies.filter((x) => x.statusCode === 409))
      expect(r.json().reason, r.body).toBe('slot_taken');
    const held = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, s.userId), eq(appointments.status, 'held')));
    expect(held).toHaveLength(1);
  });

  it('refuses a line without a club price, a foreign return URL and garbage with 4xx', async () => {
    const s = await t.patient();
    const plain = await couponRequest(s, await clubDoctor(null));
    expect(plain.statusCode).toBe(409);
    expect(plain.json().code).toBe('no_club_price');
    const spot = await clubDoctor();
    expect((await couponRequest(s, spot, { return_url: 'https://evil.example/' })).statusCode).toBe(400);
    for (const payload of [{}, { booking: 1 }, { booking: {} }]) {
      const res = await s.inject({ url: '/club/ajax/coupon_request/', payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await couponStatus(s, 999_999)).statusCode).toBe(404);
    const stranger = (await couponRequest(s, spot)).json();
    expect((await couponStatus(await t.patient(), stranger.id)).statusCode).toBe(404);
  });
});
