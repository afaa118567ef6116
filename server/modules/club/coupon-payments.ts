import { randomBytes } from 'node:crypto';
import { cardEnd, toRoubles } from '../../../core/club/rules';
import type { DbTx } from '../../db/client';
import type { JobSender } from '../../jobs/queue';
import type { ProviderPayment } from '../../providers/payments/payments-provider';
import { bookingJobs } from '../booking/messages';
import { bookHeld, deleteHeld, lockCouponOfPayment, lockPaidCouponOf, setCouponStatus } from './coupon-repo';
import { insertCard, insertReceipt } from './payments-repo';
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
  const coupon = await lockCouponOfPayment(tx, payment.id);
  if (!coupon) return null;
  const open = coupon.status === 'payment' || coupon.status === 'created' || coupon.status === 'expired';
  if (!open) return null;
  const setStatus = (status: 'succeeded' | 'canceled') => setCouponStatus(tx, coupon.id, status, now);

  const appointmentId = coupon.appointmentId;
  if (remote.status === 'canceled') {
    await setStatus('canceled');
    if (appointmentId !== null) await deleteHeld(tx, appointmentId);
    return null;
  }
  if (remote.status !== 'succeeded') return null;

  const booked = await bookHeld(
    tx,
    coupon,
    {
      cancelToken: randomBytes(18).toString('base64url'),
      // The visit is at the club price (whole roubles, as every booking's price): the clinic
      // takes that price less the prepaid coupon, not the full price the hold was made at.
      price: toRoubles(coupon.clubPrice),
    },
    now,
  );
  if (!booked) {
    await setStatus('canceled');
    await jobs.enqueue(tx, [{ kind: COUPON_JOBS.refund, runAt: now, payload: { paymentId: payment.id } }]);
    return null;
  }
  await setStatus('succeeded');
  await jobs.enqueue(tx, bookingJobs(booked.id, now));
  const items = [{ description: 'Купон на приём по клубной цене', amount: coupon.couponPrice, quantity: 1 }];
  if (!coupon.inClub) {
    await insertCard(tx, {
      userId: coupon.userId,
      source: coupon.cardPrice === 0 ? 'free' : 'paid',
      couponRequestId: coupon.id,
      price: coupon.cardPrice,
      dtStart: now,
      dtEnd: cardEnd(now),
      token: newCardToken(),
    });
    if (coupon.cardPrice > 0)
      items.push({
        description: 'Клубная карта ПроДокторов на 6 месяцев',
        amount: coupon.cardPrice,
        quantity: 1,
      });
  }
  if (coupon.email) {
    const receipt = await insertReceipt(tx, {
      paymentId: payment.id,
      email: coupon.email,
      items,
      createdAt: now,
    });
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
  const coupon = await lockPaidCouponOf(tx, appointmentId);
  if (!coupon?.paymentId) return false;
  await setCouponStatus(tx, coupon.id, 'canceled', now);
  await jobs.enqueue(tx, [
    { kind: COUPON_JOBS.refund, runAt: now, payload: { paymentId: coupon.paymentId } },
  ]);
  return true;
}
