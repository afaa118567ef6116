import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devPayments } from '../../db/schema/club';
import { ProviderError } from '../provider-error';
import type { PaymentsProvider, ProviderPayment, ProviderRefund } from './payments-provider';

/** What the dev checkout page's buttons send our notification handler, shaped like a provider's. */
export interface DevNotification {
  event: 'payment.succeeded' | 'payment.canceled';
  object: { id: string };
}

/** The reason a declined dev payment carries, as a bank's decline would. */
export const DEV_DECLINE_REASON = 'general_decline';

/** Addresses the dev provider "notifies" from: this machine (the checkout page runs in-process). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface DevPaymentsProvider extends PaymentsProvider {
  readonly name: 'dev';
  /** The checkout page's data; null for an unknown id. */
  find(paymentId: string): Promise<(ProviderPayment & { description: string; returnUrl: string }) | null>;
  /**
   * The patient pressed 'Оплатить' or 'Отклонить': a pending payment becomes succeeded or
   * canceled (declined). False when it was no longer pending (a second press changes nothing).
   */
  decide(paymentId: string, outcome: 'succeeded' | 'canceled'): Promise<boolean>;
}

type Row = typeof devPayments.$inferSelect;

function toPayment(row: Row): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    confirmationUrl: null,
    metadata: row.metadata,
    cancellationReason: row.status === 'canceled' ? DEV_DECLINE_REASON : null,
  };
}

/**
 * The offline payments provider for development and tests: payments live in our own database
 * (`dev_payments`, so every app process sees the same checkout), the "bank" is the page
 * GET /dev/pay/{id} (server/providers/payments/dev-payments-routes.ts) and its notification
 * reaches our handler in-process through the same path as a real provider's.
 */
export function createDevPaymentsProvider({
  db,
  publicUrl,
}: {
  db: Db;
  publicUrl: string;
}): DevPaymentsProvider {
  const origin = new URL(publicUrl).origin;
  const checkoutUrl = (id: string) => `${origin}/dev/pay/${id}`;

  async function row(paymentId: string): Promise<Row | undefined> {
    const [found] = await db.select().from(devPayments).where(eq(devPayments.id, paymentId));
    return found;
  }

  return {
    name: 'dev',

    async createPayment(input) {
      if (input.idempotenceKey.length === 0 || input.idempotenceKey.length > 64)
        throw new ProviderError('dev', 'idempotence key must be 1 to 64 characters', { retryable: false });
      if (!Number.isInteger(input.amount) || input.amount <= 0)
        throw new ProviderError('dev', `invalid amount ${input.amount}`, { retryable: false });
      await db
        .insert(devPayments)
        .values({
          id: randomUUID(),
          idempotenceKey: input.idempotenceKey,
          amount: input.amount,
          description: input.description.slice(0, 128),
          returnUrl: input.returnUrl,
          metadata: input.metadata,
          receiptEmail: input.receipt?.email ?? null,
        })
        .onConflictDoNothing({ target: devPayments.idempotenceKey });
      const [saved] = await db
        .select()
        .from(devPayments)
        .where(eq(devPayments.idempotenceKey, input.idempotenceKey));
      const payment = toPayment(saved);
      return { ...payment, confirmationUrl: saved.status === 'pending' ? checkoutUrl(saved.id) : null };
    },

    async getPayment(paymentId) {
      const found = await row(paymentId);
      if (!found) throw new ProviderError('dev', `payment ${paymentId} not found`, { retryable: false });
      return {
        ...toPayment(found),
        confirmationUrl: found.status === 'pending' ? checkoutUrl(found.id) : null,
      };
    },

    async createRefund(input): Promise<ProviderRefund> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(devPayments)
          .where(eq(devPayments.id, input.paymentId))
          .for('update');
        if (!found)
          throw new ProviderError('dev', `payment ${input.paymentId} not found`, { retryable: false });
        const same = found.refunds.find((r) => r.idempotenceKey === input.idempotenceKey);
        if (same) return { id: same.id, status: 'succeeded' };
        const refunded = found.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (found.status !== 'succeeded' || input.amount <= 0 || refunded + input.amount > found.amount)
          throw new ProviderError('dev', 'refund exceeds what was paid', { retryable: false });
        const refund = { id: randomUUID(), idempotenceKey: input.idempotenceKey, amount: input.amount };
        await tx
          .update(devPayments)
          .set({ refunds: [...found.refunds, refund] })
          .where(eq(devPayments.id, found.id));
        return { id: refund.id, status: 'succeeded' };
      });
    },

    notificationPaymentId(body) {
      if (typeof body !== 'object' || body === null) return null;
      const { event, object } = body as { event?: unknown; object?: { id?: unknown } | null };
      if (event !== 'payment.succeeded' && event !== 'payment.canceled') return null;
      const id = typeof object === 'object' && object !== null ? object.id : undefined;
      return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) ? id : null;
    },

    acceptsNotificationFrom: (ip) => LOOPBACK.has(ip),

    async find(paymentId) {
      if (!/^[0-9a-f-]{36}$/.test(paymentId)) return null;
      const found = await row(paymentId);
      if (!found) return null;
      return { ...toPayment(found), description: found.description, returnUrl: found.returnUrl };
    },

    async decide(paymentId, outcome) {
      if (!/^[0-9a-f-]{36}$/.test(paymentId)) return false;
      const changed = await db
        .update(devPayments)
        .set({ status: outcome })
        .where(and(eq(devPayments.id, paymentId), eq(devPayments.status, 'pending')))
        .returning({ id: devPayments.id });
      return changed.length > 0;
    },
  };
}
