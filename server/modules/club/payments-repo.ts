import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { clubCardRequests, clubCards, clubPayments, clubReceipts } from '../../db/schema/club';

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

export async function paymentById(db: Db, id: number) {
  const [payment] = await db.select().from(clubPayments).where(eq(clubPayments.id, id));
  return payment;
}

export async function markRefunded(db: Db, id: number, amount: number, now: Date) {
  await db
    .update(clubPayments)
    .set({ refundedAmount: amount, updatedAt: now })
    .where(eq(clubPayments.id, id));
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
