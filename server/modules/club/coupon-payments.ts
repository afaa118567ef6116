import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { cardEnd, toRoubles } from '../../../core/club/rules';
import type { DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clubCards, clubCouponRequests, clubReceipts } from '../../db/schema/club';
import type { JobSender } from '../../jobs/queue';
import type { ProviderPayment } from '../../providers/payments/payments-provider';
import { bookingJobs } from '../booking/messages';
import type { PaymentRow } from './repo';

export const COUPON_JOBS = { refund: 'club.refund' } as const;

/** The visit a paid coupon made: the clinic's open cabinet is told of it once the payment commits. */
export interface BookedByCoupon {
  appointmentId: number;
  clinicId: number;
  doctorId: number | null;
}

/**
 * A coupon payment's news, inside the payment's one transaction (payments.ts). Paid: the held
 * appointment becomes the booking, marked prepaid, with its messages; the card comes with it
 * for a patient not in the club. Paid but the hold is gone: the coupon is canceled and the
 * money goes back (a refund job). Declined: the coupon is canceled and the slot let go.
 */
export async function applyToCoupon(
  tx: DbTx,
  payment: PaymentRow,
  remote: ProviderPayment,
  now: Date,
  { jobs, newCardToken }: { jobs: JobSender; newCardToken: () => string },
): Promise<BookedByCoupon | null> {
  const [coupon] = await tx
    .select()
    .from(clubCouponRequests)
    .where(eq(clubCouponRequests.paymentId, payment.id))
    .for('update');
  if (!coupon) return null;
  const open = coupon.status === 'payment' || coupon.status === 'created' || coupon.status === 'expired';
  if (!open) return null;
  const setStatus = (status: 'succeeded' | 'canceled') =>
    tx.update(clubCouponRequests).set({ status, updatedAt: now }).where(eq(clubCouponRequests.id, coupon.id));

  const appointmentId = coupon.appointmentId;
  if (remote.status === 'canceled') {
    await setStatus('canceled');
    if (appointmentId !== null)
      await tx
        .delete(appointments)
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')));
    return null;
  }
  if (remote.status !== 'succeeded') return null;

  const [booked] = await tx
    .update(appointments)
    .set({
      status: 'active',
      holdExpiresAt: null,
      patientName: coupon.patient.name,
      patientBirthDate: coupon.patient.birthDate,
      source: coupon.patient.source,
      cancelToken: randomBytes(18).toString('base64url'),
      // The visit is at the club price (whole roubles, as every booking's price): the clinic
      // takes that price less the prepaid coupon, not the full price the hold was made at.
      price: toRoubles(coupon.clubPrice),
      prepaidAmount: coupon.couponPrice,
      createdAt: now,
      remindFrom: now,
    })
    .where(
      and(
        eq(appointments.id, appointmentId ?? -1),
        eq(appointments.userId, coupon.userId),
        eq(appointments.status, 'held'),
      ),
    )
    .returning({
      id: appointments.id,
      startsAt: sql<string>`lower(${appointments.during})`,
      clinicId: appointments.clinicId,
      doctorId: appointments.doctorId,
    });
  if (!booked) {
    await setStatus('canceled');
    await jobs.enqueue(tx, [{ kind: COUPON_JOBS.refund, runAt: now, payload: { paymentId: payment.id } }]);
    return null;
  }
  await setStatus('succeeded');
  await jobs.enqueue(tx, bookingJobs(booked.id, now));
  const items = [{ description: 'Купон на приём по клубной цене', amount: coupon.couponPrice, quantity: 1 }];
  if (!coupon.inClub) {
    await tx
      .insert(clubCards)
      .values({
        userId: coupon.userId,
        source: coupon.cardPrice === 0 ? 'free' : 'paid',
        couponRequestId: coupon.id,
        price: coupon.cardPrice,
        dtStart: now,
        dtEnd: cardEnd(now),
        token: newCardToken(),
      })
      .onConflictDoNothing();
    if (coupon.cardPrice > 0)
      items.push({
        description: 'Клубная карта ПроДокторов на 6 месяцев',
        amount: coupon.cardPrice,
        quantity: 1,
      });
  }
  if (coupon.email) {
    const [receipt] = await tx
      .insert(clubReceipts)
      .values({ paymentId: payment.id, email: coupon.email, items, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: clubReceipts.id });
    if (receipt)
      await jobs.enqueue(tx, [{ kind: 'club.send-receipt', runAt: now, payload: { receiptId: receipt.id } }]);
  }
  return { appointmentId: booked.id, clinicId: booked.clinicId, doctorId: booked.doctorId };
}

/**
 * A clinic canceled an appointment whose coupon was paid: the coupon's money goes back (the
 * coupon is non-refundable only when the patient cancels). Call it in the cancel's own
 * transaction; the refund job's key makes a second call harmless. False when there is no
 * paid coupon for the appointment.
 */
export async function refundCouponOfAppointment(
  tx: DbTx,
  jobs: JobSender,
  appointmentId: number,
  now: Date,
): Promise<boolean> {
  const [coupon] = await tx
    .select({ id: clubCouponRequests.id, paymentId: clubCouponRequests.paymentId })
    .from(clubCouponRequests)
    .where(
      and(eq(clubCouponRequests.appointmentId, appointmentId), eq(clubCouponRequests.status, 'succeeded')),
    )
    .for('update');
  if (!coupon?.paymentId) return false;
  await tx
    .update(clubCouponRequests)
    .set({ status: 'canceled', updatedAt: now })
    .where(eq(clubCouponRequests.id, coupon.id));
  await jobs.enqueue(tx, [
    { kind: COUPON_JOBS.refund, runAt: now, payload: { paymentId: coupon.paymentId } },
  ]);
  return true;
}
