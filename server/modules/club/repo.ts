import { and, count, desc, eq, gt, isNull, lte, max } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { clubCardRequests, clubCards, clubPayments } from '../../db/schema/club';

export type ClubCardRow = typeof clubCards.$inferSelect;
export type CardRequestRow = typeof clubCardRequests.$inferSelect;
export type PaymentRow = typeof clubPayments.$inferSelect;

/** The club's reads and simple writes; the payment → card step lives in payments.ts. */
export function createClubRepo(db: Db) {
  return {
    /** The card in force now (the latest ending one), if any. */
    async currentCard(userId: number, now: Date): Promise<ClubCardRow | null> {
      const [card] = await db
        .select()
        .from(clubCards)
        .where(and(eq(clubCards.userId, userId), lte(clubCards.dtStart, now), gt(clubCards.dtEnd, now)))
        .orderBy(desc(clubCards.dtEnd))
        .limit(1);
      return card ?? null;
    },

    /** When the patient's latest card ended, if every card has ended. */
    async lastEnded(userId: number, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ end: max(clubCards.dtEnd) })
        .from(clubCards)
        .where(eq(clubCards.userId, userId));
      const end = row?.end ? new Date(row.end) : null;
      return end && end <= now ? end : null;
    },

    async cardsIssued(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(clubCards).where(eq(clubCards.userId, userId));
      return row?.n ?? 0;
    },

    /** The receipt address the patient gave last, offered for the next payment. */
    async lastEmail(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ email: clubCardRequests.email })
        .from(clubCardRequests)
        .where(eq(clubCardRequests.userId, userId))
        .orderBy(desc(clubCardRequests.createdAt), desc(clubCardRequests.id))
        .limit(1);
      return row?.email ?? null;
    },

    /** The free card; false when the patient already had one (the unique key decides races). */
    async insertFreeCard(values: {
      userId: number;
      dtStart: Date;
      dtEnd: Date;
      token: string;
    }): Promise<boolean> {
      const inserted = await db
        .insert(clubCards)
        .values({ ...values, source: 'free', price: 0 })
        .onConflictDoNothing()
        .returning({ id: clubCards.id });
      return inserted.length > 0;
    },

    async freeCard(userId: number): Promise<ClubCardRow | null> {
      const [card] = await db
        .select()
        .from(clubCards)
        .where(and(eq(clubCards.userId, userId), eq(clubCards.source, 'free')));
      return card ?? null;
    },

    async cardByToken(token: string): Promise<(ClubCardRow & { phone: string | null }) | null> {
      const [row] = await db
        .select({ card: clubCards, phone: users.phone })
        .from(clubCards)
        .innerJoin(users, eq(users.id, clubCards.userId))
        .where(eq(clubCards.token, token));
      return row ? { ...row.card, phone: row.phone } : null;
    },

    /** A request with its payment and (once paid) its card. */
    async request(id: number) {
      const [row] = await db
        .select({ request: clubCardRequests, payment: clubPayments, card: clubCards })
        .from(clubCardRequests)
        .leftJoin(clubPayments, eq(clubPayments.id, clubCardRequests.paymentId))
        .leftJoin(clubCards, eq(clubCards.requestId, clubCardRequests.id))
        .where(eq(clubCardRequests.id, id));
      return row ?? null;
    },

    /** The patient's requests left open past their time (to read back and expire before a new one). */
    async staleRequests(userId: number, now: Date) {
      return db
        .select({ id: clubCardRequests.id, providerPaymentId: clubPayments.providerPaymentId })
        .from(clubCardRequests)
        .leftJoin(clubPayments, eq(clubPayments.id, clubCardRequests.paymentId))
        .where(
          and(
            eq(clubCardRequests.userId, userId),
            eq(clubCardRequests.status, 'in_process'),
            lte(clubCardRequests.expiresAt, now),
          ),
        );
    },

    /** The patient's newest card request's id (what the status socket reports on). */
    async latestRequestId(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: clubCardRequests.id })
        .from(clubCardRequests)
        .where(eq(clubCardRequests.userId, userId))
        .orderBy(desc(clubCardRequests.createdAt), desc(clubCardRequests.id))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The patient's one open request with its payment: a new one (with its payment row and
     * idempotence key, before the provider is asked), or the one already open. The partial
     * unique index club_card_requests_one_open decides between parallel calls: the insert of
     * all but one does nothing, and they read the winner's (committed by then) instead.
     */
    async openRequest(values: {
      userId: number;
      price: number;
      email: string;
      provider: string;
      idempotenceKey: string;
      now: Date;
      expiresAt: Date;
      returnUrlOf: (requestId: number) => string;
    }): Promise<OpenRequest | null> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .insert(clubCardRequests)
          .values({
            userId: values.userId,
            price: values.price,
            email: values.email,
            returnUrl: '',
            expiresAt: values.expiresAt,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .onConflictDoNothing()
          .returning({ id: clubCardRequests.id });
        if (!request) return openRequestIn(tx, values.userId);
        const [payment] = await tx
          .insert(clubPayments)
          .values({
            userId: values.userId,
            purpose: 'card',
            provider: values.provider,
            idempotenceKey: values.idempotenceKey,
            amount: values.price,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .returning({ id: clubPayments.id });
        const returnUrl = values.returnUrlOf(request.id);
        await tx
          .update(clubCardRequests)
          .set({ paymentId: payment.id, returnUrl })
          .where(eq(clubCardRequests.id, request.id));
        return {
          requestId: request.id,
          paymentId: payment.id,
          created: true,
          price: values.price,
          email: values.email,
          returnUrl,
          expiresAt: values.expiresAt,
          idempotenceKey: values.idempotenceKey,
          paymentStatus: 'pending',
          providerPaymentId: null,
          confirmationUrl: null,
        };
      });
    },

    /** The provider's payment (the same for every caller with the request's key). */
    async paymentCreated(
      paymentId: number,
      values: { providerPaymentId: string; confirmationUrl: string | null },
    ) {
      await db.update(clubPayments).set(values).where(eq(clubPayments.id, paymentId));
    },

    /**
     * The provider refused to create the payment: nothing was charged, the request failed.
     * Unless a parallel call with the same key got the payment meanwhile: then nothing changes.
     */
    async paymentNotCreated(paymentId: number, requestId: number, now: Date, reason: string) {
      await db.transaction(async (tx) => {
        const failed = await tx
          .update(clubPayments)
          .set({ status: 'canceled', cancellationReason: reason.slice(0, 500), updatedAt: now })
          .where(
            and(
              eq(clubPayments.id, paymentId),
              isNull(clubPayments.providerPaymentId),
              eq(clubPayments.status, 'pending'),
            ),
          )
          .returning({ id: clubPayments.id });
        if (failed.length === 0) return;
        await tx
          .update(clubCardRequests)
          .set({ status: 'payment_failed', updatedAt: now })
          .where(and(eq(clubCardRequests.id, requestId), eq(clubCardRequests.status, 'in_process')));
      });
    },

    /** An unpaid request past its 20 minutes; false when it changed meanwhile (paid, failed). */
    async expire(requestId: number, now: Date): Promise<boolean> {
      const changed = await db
        .update(clubCardRequests)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(clubCardRequests.id, requestId), eq(clubCardRequests.status, 'in_process')))
        .returning({ id: clubCardRequests.id });
      return changed.length > 0;
    },
  };
}

export type ClubRepo = ReturnType<typeof createClubRepo>;

/** A patient's open card request with what its payment needs (the same body for the same key). */
export interface OpenRequest {
  requestId: number;
  paymentId: number;
  /** Whether this call made it (else a parallel or earlier call did). */
  created: boolean;
  price: number;
  email: string;
  returnUrl: string;
  expiresAt: Date;
  idempotenceKey: string;
  paymentStatus: PaymentRow['status'];
  providerPaymentId: string | null;
  confirmationUrl: string | null;
}

async function openRequestIn(tx: DbTx, userId: number): Promise<OpenRequest | null> {
  const [row] = await tx
    .select({ request: clubCardRequests, payment: clubPayments })
    .from(clubCardRequests)
    .innerJoin(clubPayments, eq(clubPayments.id, clubCardRequests.paymentId))
    .where(and(eq(clubCardRequests.userId, userId), eq(clubCardRequests.status, 'in_process')));
  if (!row) return null;
  const { request, payment } = row;
  return {
    requestId: request.id,
    paymentId: payment.id,
    created: false,
    price: payment.amount,
    email: request.email,
    returnUrl: request.returnUrl,
    expiresAt: request.expiresAt,
    idempotenceKey: payment.idempotenceKey,
    paymentStatus: payment.status,
    providerPaymentId: payment.providerPaymentId,
    confirmationUrl: payment.confirmationUrl,
  };
}
