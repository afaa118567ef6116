import { randomBytes } from 'node:crypto';
import { cardEnd, toRoubles } from '../../../core/club/rules';
import type { DbTx } from '../../db/client';
import type { JobSender } from '../../jobs/queue';
import type { ProviderPayment } from '../../providers/payments/payments-provider';
import { bookingJobs } from '../booking/messages';
import { bookHeld, deleteHeld, lockCouponOfPayment, lockPaidCouponOf, setCouponStatus } from './coupon-repo';
import { insertCard, insertReceipt, paymentById } from './payments-repo';
import { REFUND_JOB, type ScheduledRefund, scheduleRefund } from './refunds';
import type { PaymentRow } from './repo';

export const COUPON_JOBS = { refund: REFUND_JOB } as const;

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
 * money goes back (a refund job). Paid when the coupon was closed already: the money goes back.
 * Declined: the coupon is canceled and the slot let go.
 */
export async function applyToCoupon(
  tx: DbTx,
  payment: PaymentRow,
  remote: ProviderPayment,
  now: Date,
  { jobs, newCardToken }: { jobs: JobSender; newCardToken: () => string },
): Promise<{ booked: BookedByCoupon | null; refund: ScheduledRefund | null }> {
  const none = { booked: null, refund: null };
  const refund = async (reason: 'duplicate' | 'not_booked') => ({
    booked: null,
    refund: await scheduleRefund(tx, jobs, payment, { amount: remote.amount, reason, now }),
  });
  const coupon = await lockCouponOfPayment(tx, payment.id);
  // Money for no coupon, or for one closed already (canceled, paid by another way): back.
  if (!coupon || !isOpen(coupon.status)) return remote.status === 'succeeded' ? refund('duplicate') : none;
  const setStatus = (status: 'succeeded' | 'canceled') => setCouponStatus(tx, coupon.id, status, now);

  const appointmentId = coupon.appointmentId;
  if (remote.status === 'canceled') {
    await setStatus('canceled');
    if (appointmentId !== null) await deleteHeld(tx, appointmentId);
    return none;
  }
  if (remote.status !== 'succeeded') return none;

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
    return refund('not_booked');
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
  return {
    booked: { appointmentId: booked.id, clinicId: booked.clinicId, doctorId: booked.doctorId },
    refund: null,
  };
}

const isOpen = (status: string) => status === 'payment' || status === 'created' || status === 'expired';

/** A coupon whose payment buys nothing (another sum was taken): canceled and its slot let go. */
export async function closeCouponUnpaid(tx: DbTx, paymentId: number, now: Date) {
  const coupon = await lockCouponOfPayment(tx, paymentId);
  if (!coupon || !isOpen(coupon.status)) return;
  await setCouponStatus(tx, coupon.id, 'canceled', now);
  if (coupon.appointmentId !== null) await deleteHeld(tx, coupon.appointmentId);
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
  const payment = await paymentById(tx, coupon.paymentId);
  if (payment && payment.amount > payment.refundedAmount)
    await scheduleRefund(tx, jobs, payment, {
      amount: payment.amount - payment.refundedAmount,
      reason: 'visit_canceled',
      now,
    });
  return true;
}
