import { randomBytes } from 'node:crypto';
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
import { applyToCoupon, COUPON_JOBS } from './coupon-payments';
import {
  cardOfRequest,
  insertCard,
  insertReceipt,
  lockCardRequestOfPayment,
  lockPayment,
  markReceiptSent,
  markRefunded,
  paymentById,
  receiptById,
  setCardRequestStatus,
  setPaymentStatus,
} from './payments-repo';
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
}: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  jobs: JobSender;
  bus: EventBus;
  cardLink: (token: string) => string;
}) {
  async function applyToCardRequest(tx: DbTx, payment: PaymentRow, remote: ProviderPayment, now: Date) {
    const request = await lockCardRequestOfPayment(tx, payment.id);
    if (!request) return null;
    if (remote.status === 'succeeded') {
      // A late payment still buys the card: the money was taken, so an expired request is paid too.
      if (request.status === 'paid') return null;
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
      return {
        userId: request.userId,
        event: {
          id: request.id,
          status: 'paid',
          dt_start: card.dtStart.toISOString(),
          dt_end: card.dtEnd.toISOString(),
          mt_link: cardLink(card.token),
        } satisfies CardRequestEvent,
      };
    }
    if (remote.status === 'canceled' && request.status === 'in_process') {
      const status = failedStatus(remote.cancellationReason);
      await setCardRequestStatus(tx, request.id, status, now);
      return {
        userId: request.userId,
        event: {
          id: request.id,
          status,
          dt_start: null,
          dt_end: null,
          mt_link: null,
        } satisfies CardRequestEvent,
      };
    }
    return null;
  }

  return {
    /**
     * Re-reads the provider's payment and applies it. Returns false when the payment is not
     * ours (unknown id). Throws the provider's ProviderError when it cannot be read.
     */
    async apply(providerPaymentId: string): Promise<boolean> {
      const remote = await provider.getPayment(providerPaymentId);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, provider.name, remote.id);
        if (!payment) return { known: false, published: null, booked: null };
        // A payment for another sum is not this one's news: nothing is believed from it.
        if (remote.amount !== payment.amount || FINAL.has(payment.status) || payment.status === remote.status)
          return { known: true, published: null, booked: null };
        await setPaymentStatus(tx, payment.id, remote.status, remote.cancellationReason, now);
        if (payment.purpose === 'coupon') {
          const booked = await applyToCoupon(tx, payment, remote, now, { jobs, newCardToken });
          return { known: true, published: null, booked };
        }
        const published = await applyToCardRequest(tx, payment, remote, now);
        return { known: true, published, booked: null };
      });
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

/** The receipt e-mail ('Вышлем чек'), once: a sent receipt is not sent again on a retry. */
export function createClubJobHandlers({
  db,
  clock,
  email,
  provider,
}: {
  db: Db;
  clock: Clock;
  email: EmailProvider;
  provider: PaymentsProvider;
}): Record<(typeof CLUB_JOBS)[keyof typeof CLUB_JOBS], JobHandler> {
  return {
    /** Money back for a paid coupon whose booking could not be made: once, whatever the retries. */
    [CLUB_JOBS.refund]: async (job: Job) => {
      const paymentId = (job.payload as { paymentId?: unknown } | null)?.paymentId;
      if (typeof paymentId !== 'number') throw new Error(`job ${job.id}: payload without paymentId`);
      const payment = await paymentById(db, paymentId);
      if (!payment?.providerPaymentId || payment.status !== 'succeeded') return;
      const due = payment.amount - payment.refundedAmount;
      if (due <= 0) return;
      // The key names the payment: a retry after a lost answer reaches the same refund.
      await provider.createRefund({
        idempotenceKey: `refund-${payment.id}`,
        paymentId: payment.providerPaymentId,
        amount: due,
        description: 'Возврат оплаты купона ПроДокторов',
      });
      await markRefunded(db, payment.id, payment.amount, clock.now());
    },
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
