import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { clubCardRequests, clubCards, clubPayments, clubReceipts, clubRefunds } from '../../db/schema/club';

type NewCard = typeof clubCards.$inferInsert;
type NewReceipt = typeof clubReceipts.$inferInsert;

/** Our payment of the provider's id, its row locked for the rest of the transaction. */
export async function lockPayment(tx: DbTx, provider: string, providerPaymentId: string) {
  const [payment] = await tx
    .select()
    .from(clubPayments)
    .where(and(eq(clubPayments.provider, provider), eq(clubPayments.providerPaymentId, providerPaymentId)))
    .for('update');
  return payment;
}

export async function setPaymentStatus(
  tx: DbTx,
  id: number,
  status: typeof clubPayments.$inferSelect.status,
  cancellationReason: string | null,
  now: Date,
) {
  await tx
    .update(clubPayments)
    .set({ status, cancellationReason, updatedAt: now })
    .where(eq(clubPayments.id, id));
}

export async function paymentById(db: Db | DbTx, id: number) {
  const [payment] = await db.select().from(clubPayments).where(eq(clubPayments.id, id));
  return payment;
}

/**
 * The patient's own row, locked until the transaction ends: two payments of one patient are
 * applied one after the other, so the second sees the card the first issued. NO KEY UPDATE
 * leaves inserts of rows that reference the patient (cards, payments) free to go on.
 */
export async function lockPatient(tx: DbTx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The patient's card in force at `now`, if any, as this transaction sees it. */
export async function cardInForce(tx: DbTx, userId: number, now: Date) {
  const [card] = await tx
    .select({ id: clubCards.id })
    .from(clubCards)
    .where(and(eq(clubCards.userId, userId), lte(clubCards.dtStart, now), gt(clubCards.dtEnd, now)))
    .orderBy(desc(clubCards.dtEnd))
    .limit(1);
  return card ?? null;
}

/** The money of a payment to send back: one row per payment; false when it was decided already. */
export async function insertRefund(tx: DbTx, refund: typeof clubRefunds.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(clubRefunds)
    .values(refund)
    .onConflictDoNothing()
    .returning({ id: clubRefunds.id });
  return inserted.length > 0;
}

export async function refundOfPayment(db: Db, paymentId: number) {
  const [refund] = await db.select().from(clubRefunds).where(eq(clubRefunds.paymentId, paymentId));
  return refund;
}

/** The provider returned the money: the refund row and the payment say so, together. */
export async function markRefunded(
  db: Db,
  {
    paymentId,
    amount,
    providerRefundId,
    now,
  }: { paymentId: number; amount: number; providerRefundId: string; now: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(clubPayments)
      .set({ refundedAmount: amount, updatedAt: now })
      .where(eq(clubPayments.id, paymentId));
    await tx
      .update(clubRefunds)
      .set({ status: 'succeeded', providerRefundId, lastError: null, refundedAt: now })
      .where(eq(clubRefunds.paymentId, paymentId));
  });
}

/** A refund attempt failed (the job retries): its error, for staff. */
export async function noteRefundError(db: Db, paymentId: number, error: string) {
  await db
    .update(clubRefunds)
    .set({ lastError: error.slice(0, 500) })
    .where(eq(clubRefunds.paymentId, paymentId));
}

/** The card request a payment pays for, its row locked. */
export async function lockCardRequestOfPayment(tx: DbTx, paymentId: number) {
  const [request] = await tx
    .select()
    .from(clubCardRequests)
    .where(eq(clubCardRequests.paymentId, paymentId))
    .for('update');
  return request;
}

export async function setCardRequestStatus(
  tx: DbTx,
  id: number,
  status: typeof clubCardRequests.$inferSelect.status,
  now: Date,
) {
  await tx.update(clubCardRequests).set({ status, updatedAt: now }).where(eq(clubCardRequests.id, id));
}

/** A card, unless its request (or coupon) has one already: the unique keys keep one. */
export async function insertCard(tx: DbTx, card: NewCard) {
  await tx.insert(clubCards).values(card).onConflictDoNothing();
}

export async function cardOfRequest(tx: DbTx, requestId: number) {
  const [card] = await tx.select().from(clubCards).where(eq(clubCards.requestId, requestId));
  return card;
}

/** A payment's receipt, unless it has one already; its id when this call made it. */
export async function insertReceipt(tx: DbTx, receipt: NewReceipt): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .insert(clubReceipts)
    .values(receipt)
    .onConflictDoNothing()
    .returning({ id: clubReceipts.id });
  return row;
}

export async function receiptById(db: Db, id: number) {
  const [receipt] = await db.select().from(clubReceipts).where(eq(clubReceipts.id, id));
  return receipt;
}

export async function markReceiptSent(db: Db, id: number, now: Date) {
  await db.update(clubReceipts).set({ sentAt: now }).where(eq(clubReceipts.id, id));
}
