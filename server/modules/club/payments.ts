import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CardRequestStatus } from '../../../core/club/contracts';
import { CLUB_TEXTS, cardEnd, toRoubles } from '../../../core/club/rules';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { JobKindName } from '../../jobs/kinds';
import type { Job, JobHandler, JobSender } from '../../jobs/queue';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { PaymentsProvider, ProviderPayment } from '../../providers/payments/payments-provider';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { announceVisit } from '../../realtime/visits';
import { applyToCoupon, type BookedByCoupon, COUPON_JOBS, closeCouponUnpaid } from './coupon-payments';
import {
  cardInForce,
  cardOfRequest,
  insertCard,
  insertReceipt,
  lockCardRequestOfPayment,
  lockPatient,
  lockPayment,
  markReceiptSent,
  receiptById,
  setCardRequestStatus,
  setPaymentStatus,
} from './payments-repo';
import { createRefundJob, logRefundDecided, type ScheduledRefund, scheduleRefund } from './refunds';
import type { PaymentRow } from './repo';

export const CLUB_JOBS = {
  receipt: 'club.send-receipt',
  refund: COUPON_JOBS.refund,
} as const satisfies Record<string, JobKindName>;

/** The secret part of a card's link: unguessable, URL-safe. */
export const newCardToken = () => randomBytes(18).toString('base64url');

/** What the status socket sends a patient: the request's new status (dates once paid). */
export interface CardRequestEvent {
  id: number;
  status: CardRequestStatus;
  dt_start: string | null;
  dt_end: string | null;
  mt_link: string | null;
}

/** How a canceled payment ends its card request: the patient's own cancel, a time-out, a decline. */
export function failedStatus(reason: string | null): CardRequestStatus {
  if (reason === 'expired_on_confirmation') return 'expired';
  if (reason === 'canceled_by_merchant') return 'canceled';
  return 'payment_failed';
}

const FINAL = new Set(['succeeded', 'canceled']);

/**
 * The one way a payment's news changes our data (docs/decisions/015-club-payment-exactly-once.md):
 * whoever learns of it (the provider's notification, a status poll, the return page) asks the
 * provider for the payment again and applies what it says in one transaction that locks our
 * payment row first. The second caller finds the row already final and changes nothing; the
 * unique keys (one card per request, one receipt per payment) hold even if that lock did not.
 */
export function createClubPayments({
  db,
  clock,
  provider,
  jobs,
  bus,
  cardLink,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  jobs: JobSender;
  bus: EventBus;
  cardLink: (token: string) => string;
  /** Where a decided refund is logged for staff (beside its club_refunds row). */
  log?: FastifyBaseLogger;
}) {
  const failedEvent = (id: number, status: CardRequestStatus): CardRequestEvent => ({
    id,
    status,
    dt_start: null,
    dt_end: null,
    mt_link: null,
  });

  /** A request whose payment bought nothing: closed (if still open) with `status`; an event if changed. */
  async function closeRequest(tx: DbTx, paymentId: number, status: CardRequestStatus, now: Date) {
    const request = await lockCardRequestOfPayment(tx, paymentId);
    if (request?.status !== 'in_process') return null;
    await setCardRequestStatus(tx, request.id, status, now);
    return { userId: request.userId, event: failedEvent(request.id, status) };
  }

  async function applyToCardRequest(
    tx: DbTx,
    payment: PaymentRow,
    remote: ProviderPayment,
    now: Date,
  ): Promise<{ published: Published | null; refund: ScheduledRefund | null }> {
    const request = await lockCardRequestOfPayment(tx, payment.id);
    if (!request) return { published: null, refund: null };
    if (remote.status === 'succeeded') {
      if (request.status === 'paid') return { published: null, refund: null };
      // One card at a time: a second success of the patient's (an old checkout paid after a
      // newer one, say) buys nothing, and its money goes back. The patient's row is locked so
      // that two payments applied at once see each other's card.
      await lockPatient(tx, request.userId);
      if (await cardInForce(tx, request.userId, now)) {
        const refund = await scheduleRefund(tx, jobs, payment, {
          amount: remote.amount,
          reason: 'duplicate',
          now,
        });
        const published = await closeRequest(tx, payment.id, 'canceled', now);
        return { published, refund };
      }
      // A late payment still buys the card: the money was taken, so an expired request is paid too.
      await setCardRequestStatus(tx, request.id, 'paid', now);
      const dtEnd = cardEnd(now);
      const token = newCardToken();
      await insertCard(tx, {
        userId: request.userId,
        source: 'paid',
        requestId: request.id,
        price: request.price,
        dtStart: now,
        dtEnd,
        token,
      });
      const card = await cardOfRequest(tx, request.id);
      const receipt = await insertReceipt(tx, {
        paymentId: payment.id,
        email: request.email,
        items: [
          { description: 'Клубная карта ПроДокторов на 6 месяцев', amount: request.price, quantity: 1 },
        ],
        createdAt: now,
      });
      if (receipt)
        await jobs.enqueue(tx, [{ kind: CLUB_JOBS.receipt, runAt: now, payload: { receiptId: receipt.id } }]);
      const published = {
        userId: request.userId,
        event: {
          id: request.id,
          status: 'paid',
          dt_start: card.dtStart.toISOString(),
          dt_end: card.dtEnd.toISOString(),
          mt_link: cardLink(card.token),
        } satisfies CardRequestEvent,
      };
      return { published, refund: null };
    }
    if (remote.status === 'canceled') {
      const published = await closeRequest(tx, payment.id, failedStatus(remote.cancellationReason), now);
      return { published, refund: null };
    }
    return { published: null, refund: null };
  }

  /**
   * The provider took another sum than ours (a tampered checkout, a bug of theirs): nothing is
   * bought with it, the request or coupon is closed unpaid and all that was taken goes back.
   * Until it succeeds nothing was taken, and nothing is believed from it.
   */
  async function applyWrongAmount(tx: DbTx, payment: PaymentRow, remote: ProviderPayment, now: Date) {
    await setPaymentStatus(tx, payment.id, remote.status, remote.cancellationReason, now);
    const refund = await scheduleRefund(tx, jobs, payment, {
      amount: remote.amount,
      reason: 'wrong_amount',
      now,
    });
    if (payment.purpose === 'coupon') {
      await closeCouponUnpaid(tx, payment.id, now);
      return { published: null, refund };
    }
    return { published: await closeRequest(tx, payment.id, 'payment_failed', now), refund };
  }

  return {
    /**
     * Re-reads the provider's payment and applies it. Returns false when the payment is not
     * ours (unknown id). Throws the provider's ProviderError when it cannot be read.
     */
    async apply(providerPaymentId: string): Promise<boolean> {
      const remote = await provider.getPayment(providerPaymentId);
      const now = clock.now();
      const nothing = { known: true, published: null, booked: null, refund: null };
      const outcome: {
        known: boolean;
        published: Published | null;
        booked: BookedByCoupon | null;
        refund: ScheduledRefund | null;
      } = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, provider.name, remote.id);
        if (!payment) return { ...nothing, known: false };
        if (FINAL.has(payment.status) || payment.status === remote.status) return nothing;
        if (remote.amount !== payment.amount) {
          if (remote.status !== 'succeeded') return nothing;
          return { ...nothing, ...(await applyWrongAmount(tx, payment, remote, now)) };
        }
        await setPaymentStatus(tx, payment.id, remote.status, remote.cancellationReason, now);
        if (payment.purpose === 'coupon') {
          const applied = await applyToCoupon(tx, payment, remote, now, { jobs, newCardToken });
          return { ...nothing, ...applied };
        }
        return { ...nothing, ...(await applyToCardRequest(tx, payment, remote, now)) };
      });
      logRefundDecided(log, outcome.refund);
      if (outcome.published)
        await bus.publish(TOPICS.clubCardRequest(outcome.published.userId), outcome.published.event);
      if (outcome.booked)
        await announceVisit(bus, outcome.booked, {
          change: 'booked',
          appointmentId: outcome.booked.appointmentId,
        });
      return outcome.known;
    },
  };
}

export type ClubPayments = ReturnType<typeof createClubPayments>;

/** A card request's news for its owner's status socket. */
interface Published {
  userId: number;
  event: CardRequestEvent;
}

/** The receipt e-mail ('Вышлем чек'), once: a sent receipt is not sent again on a retry. */
export function createClubJobHandlers({
  db,
  clock,
  email,
  provider,
  log,
}: {
  db: Db;
  clock: Clock;
  email: EmailProvider;
  provider: PaymentsProvider;
  log?: FastifyBaseLogger;
}): Record<(typeof CLUB_JOBS)[keyof typeof CLUB_JOBS], JobHandler> {
  return {
    /** Money back (server/modules/club/refunds.ts): once, whatever the retries. */
    [CLUB_JOBS.refund]: createRefundJob({ db, clock, provider, log }),
    [CLUB_JOBS.receipt]: async (job: Job) => {
      const receiptId = (job.payload as { receiptId?: unknown } | null)?.receiptId;
      if (typeof receiptId !== 'number') throw new Error(`job ${job.id}: payload without receiptId`);
      const receipt = await receiptById(db, receiptId);
      if (!receipt || receipt.sentAt) return;
      const total = receipt.items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
      const lines = receipt.items.map(
        (item) => `${item.description}: ${item.quantity} × ${toRoubles(item.amount)} ₽`,
      );
      await email.send({
        to: receipt.email,
        subject: CLUB_TEXTS.receiptSubject,
        text: ['Спасибо за оплату!', '', ...lines, `Итого: ${toRoubles(total)} ₽`].join('\n'),
      });
      await markReceiptSent(db, receipt.id, clock.now());
    },
  };
}
