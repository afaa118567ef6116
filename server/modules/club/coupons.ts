import { randomUUID } from 'node:crypto';
import { BOOKING_FAILURES, BOOKING_TITLES, fullPatientName } from '../../../core/booking/form';
import type {
  CouponPayment,
  CouponRequestChecked,
  CouponRequestCreated,
  CouponRequestReply,
} from '../../../core/club/contracts';
import {
  CLUB_PAYMENT_MS,
  CLUB_TEXTS,
  COUPON_ERRORS,
  clubOffer,
  couponError,
  isReceiptEmail,
  nextCardPrice,
  ownReturnUrl,
  toKopecks,
  toRoubles,
} from '../../../core/club/rules';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors';
import type { PaymentsProvider } from '../../providers/payments/payments-provider';
import { ProviderError } from '../../providers/provider-error';
import type { SessionViewer } from '../auth/viewer';
import type { BookingService } from '../booking/service';
import {
  type CouponRow,
  cancelCouponAndPayment,
  createCouponRepo,
  insertCouponWithPayment,
  setPaymentLink,
} from './coupon-repo';
import type { ClubPayments } from './payments';
import { createClubRepo } from './repo';

/** The page the provider sends the patient back to after paying a coupon. */
export const couponStatusPage = (origin: string, id: number) =>
  `${origin}/club/coupon_request/${id}/payment_status/`;

/**
 * Booking at the club price (docs/product/club.md, 'The coupon'): the slot is held for 20
 * minutes while the patient prepays the coupon (half the club price) and, when not in the club,
 * the card; the payment's news (payments.ts → coupon-payments.ts) turns the hold into a prepaid
 * booking. An unpaid coupon expires and lets its slot go.
 */
export function createCouponService({
  db,
  clock,
  provider,
  payments,
  booking,
  publicOrigin,
  patientId,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  payments: ClubPayments;
  booking: BookingService;
  publicOrigin: string;
  patientId: (viewer: SessionViewer) => number;
}) {
  const club = createClubRepo(db);
  const coupons = createCouponRepo(db);

  function replyOf(coupon: CouponRow, appointmentCanceled: boolean): CouponRequestReply {
    const now = clock.now();
    const code = coupon.status === 'succeeded' ? null : couponError(coupon.status, appointmentCanceled);
    const open = coupon.status === 'payment' && code === null;
    return {
      id: coupon.id,
      lifeTime: open ? Math.max(0, Math.ceil((coupon.expiresAt.getTime() - now.getTime()) / 1000)) : 0,
      price: toRoubles(coupon.clubPrice),
      fullPrice: toRoubles(coupon.fullPrice),
      dateCreated: coupon.createdAt.toISOString(),
      clubCouponPrice: toRoubles(coupon.couponPrice),
      clubLpuPrice: toRoubles(coupon.lpuPrice),
      cardPrice: toRoubles(coupon.cardPrice),
      clubCardLifetimeMonths: coupon.cardLifetimeMonths,
      email: coupon.email,
      paymentStatus: coupon.status,
      totalPrice: toRoubles(coupon.totalPrice),
      prepayment: toRoubles(coupon.couponPrice + coupon.cardPrice),
      discount: toRoubles(coupon.fullPrice - coupon.clubPrice),
      appointment_id: coupon.appointmentId,
      return_url: coupon.returnUrl,
      error: code ? { code, detail: COUPON_ERRORS[code] } : null,
    };
  }

  /** The coupon, read again at the provider while it waits for payment, expired when its time is over. */
  async function current(id: number, userId: number) {
    let row = await coupons.coupon(id);
    if (!row || row.coupon.userId !== userId) throw notFound(CLUB_TEXTS.couponNotFound);
    if (row.coupon.status === 'payment') {
      if (row.payment?.providerPaymentId) {
        try {
          await payments.apply(row.payment.providerPaymentId);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
        }
        row = (await coupons.coupon(id)) ?? row;
      }
      if (row.coupon.status === 'payment' && clock.now() >= row.coupon.expiresAt) {
        await coupons.expire(row.coupon, clock.now());
        row = (await coupons.coupon(id)) ?? row;
      }
    }
    return row;
  }

  /**
   * The hold is gone before its coupon was written: the patient's request for another time, made
   * meanwhile, let it go (one hold at a time). The time is no longer theirs, as when someone else
   * took it.
   */
  const holdGone = () =>
    conflict('slot_taken', BOOKING_FAILURES.slot_taken, {
      title: BOOKING_TITLES.failure,
      reason: 'slot_taken',
      alternatives: [],
    });

  return {
    async requestCoupon(viewer: SessionViewer, body: CouponRequestChecked): Promise<CouponRequestCreated> {
      const userId = patientId(viewer);
      const email = body.receipt_email.trim();
      if (!isReceiptEmail(email))
        throw badRequest(CLUB_TEXTS.badEmail, { errors: { receipt_email: CLUB_TEXTS.badEmail } });
      const returnUrl = ownReturnUrl(body.return_url, publicOrigin)?.toString();
      if (!returnUrl)
        throw badRequest(CLUB_TEXTS.badReturnUrl, { errors: { return_url: CLUB_TEXTS.badReturnUrl } });
      const form = body.booking;
      const { hold_id: holdId } = await booking.hold(viewer, {
        doctor_id: form.doctor_id,
        service_id: form.service_id,
        lpu_id: form.lpu_id,
        slot: form.slot,
        type: form.type,
      });
      const line = await coupons.heldLine(holdId);
      if (!line) throw holdGone();
      if (line.clubPrice === null || line.fullPrice === null || line.clubPrice <= 0) {
        await coupons.releaseHold(db, holdId);
        throw conflict('no_club_price', CLUB_TEXTS.noClubPrice);
      }
      const now = clock.now();
      const inClub = (await club.currentCard(userId, now)) !== null;
      const offer = clubOffer({
        fullPrice: toKopecks(line.fullPrice),
        clubPrice: toKopecks(line.clubPrice),
        inClub,
        nextCardPrice: nextCardPrice(await club.cardsIssued(userId)),
      });
      const expiresAt = new Date(now.getTime() + CLUB_PAYMENT_MS);
      const idempotenceKey = randomUUID();
      const { coupon, paymentId } = await db.transaction(async (tx) => {
        if (!(await coupons.extendHold(tx, holdId, expiresAt))) throw holdGone();
        return insertCouponWithPayment(
          tx,
          {
            userId,
            purpose: 'coupon',
            provider: provider.name,
            idempotenceKey,
            amount: offer.prepayment,
            createdAt: now,
            updatedAt: now,
          },
          {
            userId,
            appointmentId: holdId,
            clinicId: line.clinicId,
            fullPrice: toKopecks(line.fullPrice ?? 0),
            clubPrice: toKopecks(line.clubPrice ?? 0),
            couponPrice: offer.couponPrice,
            lpuPrice: offer.lpuPrice,
            cardPrice: offer.cardPrice,
            totalPrice: offer.totalPrice,
            cardLifetimeMonths: offer.cardLifetimeMonths,
            status: 'payment',
            email,
            returnUrl,
            inClub,
            patient: {
              name: fullPatientName(form),
              birthDate: form.birth_date,
              source: form.source ?? null,
              requestKey: form.request_key,
            },
            expiresAt,
            createdAt: now,
            updatedAt: now,
          },
        );
      });
      const items = [
        { description: 'Купон на приём по клубной цене', amount: offer.couponPrice, quantity: 1 },
      ];
      if (offer.cardPrice > 0)
        items.push({
          description: 'Клубная карта ПроДокторов на 6 месяцев',
          amount: offer.cardPrice,
          quantity: 1,
        });
      let url: string | null;
      try {
        const input = {
          idempotenceKey,
          amount: offer.prepayment,
          description: 'Купон на приём по клубной цене ПроДокторов',
          returnUrl: couponStatusPage(publicOrigin, coupon.id),
          receipt: { email, items },
          metadata: { kind: 'club_coupon_request', request_id: String(coupon.id) },
        };
        const created = await provider.createPayment(input).catch((err) => {
          if (err instanceof ProviderError && err.retryable) return provider.createPayment(input);
          throw err;
        });
        await setPaymentLink(db, paymentId, created);
        url = created.confirmationUrl;
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        await db.transaction(async (tx) => {
          await cancelCouponAndPayment(
            tx,
            { couponId: coupon.id, paymentId },
            err.message.slice(0, 500),
            clock.now(),
          );
          await coupons.releaseHold(tx, holdId);
        });
        throw serviceUnavailable(CLUB_TEXTS.paymentUnavailable);
      }
      if (!url) throw serviceUnavailable(CLUB_TEXTS.paymentUnavailable);
      return { ...replyOf(coupon, false), provider_payment_data: { url }, payment_credentials: { url } };
    },

    async couponStatus(viewer: SessionViewer, id: number): Promise<CouponRequestReply> {
      const row = await current(id, patientId(viewer));
      return replyOf(row.coupon, row.appointmentStatus === 'canceled');
    },

    /** The checkout to continue paying at, or the reason the coupon can no longer be paid (409). */
    async payCoupon(viewer: SessionViewer, id: number): Promise<CouponPayment> {
      const row = await current(id, patientId(viewer));
      const code = couponError(row.coupon.status, row.appointmentStatus === 'canceled');
      if (code) throw conflict(code, COUPON_ERRORS[code]);
      const url = row.payment?.confirmationUrl;
      if (!url) throw conflict('coupon_request_canceled', COUPON_ERRORS.coupon_request_canceled);
      return { provider_payment_data: { url }, payment_credentials: { url } };
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
