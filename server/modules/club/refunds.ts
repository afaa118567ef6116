import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbTx } from '../../db/client';
import type { clubRefunds } from '../../db/schema/club';
import type { Job, JobSender } from '../../jobs/queue';
import type { PaymentsProvider } from '../../providers/payments/payments-provider';
import { ProviderError } from '../../providers/provider-error';
import { insertRefund, markRefunded, noteRefundError, paymentById, refundOfPayment } from './payments-repo';
import type { PaymentRow } from './repo';

/** The job that sends a payment's money back (server/jobs/kinds.ts). */
export const REFUND_JOB = 'club.refund';

export type RefundReason = (typeof clubRefunds.$inferSelect)['reason'];

/** Kopecks as the log shows them: 99.00 ₽. */
const rub = (kopecks: number) => `${(kopecks / 100).toFixed(2)} ₽`;

/** What a refund is, for the log line staff read (and the row's reason). */
const WHY: Record<RefundReason, string> = {
  duplicate: 'a second success: the patient already holds a card, or the coupon was closed',
  wrong_amount: 'the provider reports the payment for another sum than ours',
  not_booked: 'a paid coupon whose held slot was gone',
  visit_canceled: 'the clinic canceled the visit a paid coupon booked',
};

/** The refund's description at the provider (shown to the patient's bank as the reason). */
const DESCRIPTION: Record<PaymentRow['purpose'], string> = {
  card: 'Возврат оплаты клубной карты ПроДокторов',
  coupon: 'Возврат оплаты купона ПроДокторов',
};

export interface ScheduledRefund {
  paymentId: number;
  userId: number;
  amount: number;
  reason: RefundReason;
}

/**
 * Decides a payment's money goes back, inside the transaction that found it cannot buy
 * anything: a row staff can read (one per payment, so a second decision changes nothing) and
 * the refund job, committed together. Returns the refund when this call made it, for the log.
 */
export async function scheduleRefund(
  tx: DbTx,
  jobs: JobSender,
  payment: Pick<PaymentRow, 'id' | 'userId'>,
  { amount, reason, now }: { amount: number; reason: RefundReason; now: Date },
): Promise<ScheduledRefund | null> {
  const made = await insertRefund(tx, {
    paymentId: payment.id,
    userId: payment.userId,
    reason,
    amount,
    createdAt: now,
  });
  // The job is sent even when the row existed: its key makes a second run harmless.
  await jobs.enqueue(tx, [{ kind: REFUND_JOB, runAt: now, payload: { paymentId: payment.id } }]);
  return made ? { paymentId: payment.id, userId: payment.userId, amount, reason } : null;
}

/** The log line of a decided refund (after its transaction committed). */
export function logRefundDecided(log: FastifyBaseLogger | undefined, refund: ScheduledRefund | null) {
  if (!refund || !log) return;
  log.warn(
    { clubRefund: refund },
    `club payment ${refund.paymentId} of user ${refund.userId}: ${rub(refund.amount)} goes back (${refund.reason}: ${WHY[refund.reason]})`,
  );
}

/**
 * The club.refund job: the whole sum the provider took goes back, once whatever the retries.
 * The idempotence key names the payment, so a retry after a lost answer reaches the same refund
 * (and the same amount and description make the same request body). A job sent before refunds
 * had rows (a coupon that could not be booked) refunds what is left of the payment.
 */
export function createRefundJob({
  db,
  clock,
  provider,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  log?: FastifyBaseLogger;
}) {
  return async (job: Job) => {
    const paymentId = (job.payload as { paymentId?: unknown } | null)?.paymentId;
    if (typeof paymentId !== 'number') throw new Error(`job ${job.id}: payload without paymentId`);
    const payment = await paymentById(db, paymentId);
    if (!payment?.providerPaymentId || payment.status !== 'succeeded') return;
    const refund = await refundOfPayment(db, paymentId);
    if (refund?.status === 'succeeded') return;
    const amount = refund ? refund.amount : payment.amount - payment.refundedAmount;
    if (amount <= 0) return;
    let made: { id: string };
    try {
      made = await provider.createRefund({
        idempotenceKey: `refund-${payment.id}`,
        paymentId: payment.providerPaymentId,
        amount,
        description: DESCRIPTION[payment.purpose],
      });
    } catch (err) {
      if (refund) await noteRefundError(db, paymentId, err instanceof Error ? err.message : String(err));
      log?.error(
        { err, clubRefund: { paymentId, amount } },
        `club payment ${paymentId}: the refund failed${err instanceof ProviderError && err.retryable ? ', retried later' : ''}`,
      );
      throw err;
    }
    await markRefunded(db, { paymentId, amount, providerRefundId: made.id, now: clock.now() });
    log?.info(
      { clubRefund: { paymentId, amount, providerRefundId: made.id, reason: refund?.reason ?? null } },
      `club payment ${paymentId}: ${rub(amount)} refunded`,
    );
  };
}
