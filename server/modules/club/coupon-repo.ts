import { and, eq, sql } from 'drizzle-orm';
import { clubLineKind, clubLinePrice } from '../../../core/club/rules';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { clubCouponRequests, clubPayments } from '../../db/schema/club';
import { workplacePrices } from '../../db/schema/doctors';
import { clinicServices, serviceSynonyms } from '../../db/schema/services';

export type CouponRow = typeof clubCouponRequests.$inferSelect;

/** A held appointment's line and prices (whole roubles, as the price lists keep them). */
export interface HeldLine {
  id: number;
  userId: number | null;
  clinicId: number;
  status: string;
  fullPrice: number | null;
  clubPrice: number | null;
}

/** The coupon's reads and writes that touch the booking's tables. */
export function createCouponRepo(db: Db) {
  return {
    /** The held appointment with its line's full and club prices. */
    async heldLine(appointmentId: number): Promise<HeldLine | null> {
      const [row] = await db
        .select({
          id: appointments.id,
          userId: appointments.userId,
          clinicId: appointments.clinicId,
          status: appointments.status,
          fullPrice: sql<number | null>`coalesce(${workplacePrices.price}, ${clinicServices.priceFull})`,
          clubPrice: sql<number | null>`coalesce(${workplacePrices.clubPrice}, ${clinicServices.priceClub})`,
          clubEnabled: clinics.clubEnabled,
          clubDiscountPercent: clinics.clubDiscountPercent,
          // A doctor's visit is its visit type; a line its service's (core/club's one rule).
          clubVisitType: sql<
            string | null
          >`CASE WHEN ${appointments.clinicServiceId} IS NULL THEN ${appointments.visitType}::text ELSE ${serviceSynonyms.visitType}::text END`,
        })
        .from(appointments)
        .leftJoin(
          workplacePrices,
          and(
            eq(workplacePrices.workplaceId, appointments.workplaceId),
            eq(workplacePrices.visitType, appointments.visitType),
            sql`${appointments.clinicServiceId} IS NULL`,
          ),
        )
        .leftJoin(clinicServices, eq(clinicServices.id, appointments.clinicServiceId))
        .leftJoin(serviceSynonyms, eq(serviceSynonyms.id, clinicServices.synonymId))
        .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
        .where(eq(appointments.id, appointmentId));
      if (!row) return null;
      const { clubEnabled, clubDiscountPercent, clubVisitType, ...line } = row;
      // The club price by the club's one rule, as the booking page showed it.
      const clubPrice =
        line.fullPrice === null
          ? null
          : clubLinePrice(
              {
                kind: clubLineKind(clubVisitType),
                fullPrice: line.fullPrice,
                hasClubPrice: line.clubPrice !== null,
              },
              { clubEnabled, clubDiscountPercent },
            );
      return { ...line, clubPrice };
    },

    /** Keeps the hold as long as the coupon may be paid. */
    /** False when the hold is gone (the patient's next hold let it go, ADR 015's one hold at a time). */
    async extendHold(tx: DbTx, appointmentId: number, until: Date): Promise<boolean> {
      const extended = await tx
        .update(appointments)
        .set({ holdExpiresAt: until })
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')))
        .returning({ id: appointments.id });
      return extended.length > 0;
    },

    /** The slot is free again (an unpaid coupon ended). */
    async releaseHold(tx: Db | DbTx, appointmentId: number) {
      await tx
        .delete(appointments)
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')));
    },

    async coupon(id: number) {
      const [row] = await db
        .select({ coupon: clubCouponRequests, payment: clubPayments, appointmentStatus: appointments.status })
        .from(clubCouponRequests)
        .leftJoin(clubPayments, eq(clubPayments.id, clubCouponRequests.paymentId))
        .leftJoin(appointments, eq(appointments.id, clubCouponRequests.appointmentId))
        .where(eq(clubCouponRequests.id, id));
      return row ?? null;
    },

    /** An unpaid coupon past its 20 minutes: expired, and its slot let go. False if it changed meanwhile. */
    async expire(coupon: CouponRow, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(clubCouponRequests)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(clubCouponRequests.id, coupon.id), eq(clubCouponRequests.status, 'payment')))
          .returning({ id: clubCouponRequests.id });
        if (changed.length === 0) return false;
        if (coupon.appointmentId !== null)
          await tx
            .delete(appointments)
            .where(and(eq(appointments.id, coupon.appointmentId), eq(appointments.status, 'held')));
        return true;
      });
    },
  };
}

/** The coupon a payment pays for, its row locked. */
export async function lockCouponOfPayment(tx: DbTx, paymentId: number): Promise<CouponRow | undefined> {
  const [coupon] = await tx
    .select()
    .from(clubCouponRequests)
    .where(eq(clubCouponRequests.paymentId, paymentId))
    .for('update');
  return coupon;
}

export async function setCouponStatus(tx: DbTx, id: number, status: CouponRow['status'], now: Date) {
  await tx.update(clubCouponRequests).set({ status, updatedAt: now }).where(eq(clubCouponRequests.id, id));
}

/** Lets the coupon's held time go. */
export async function deleteHeld(tx: DbTx, appointmentId: number) {
  await tx
    .delete(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')));
}

/**
 * The coupon's patient's hold becomes their booking, prepaid (see applyToCoupon); undefined when
 * the hold is gone.
 */
export async function bookHeld(
  tx: DbTx,
  coupon: CouponRow,
  visit: { cancelToken: string; price: number },
  now: Date,
) {
  const [booked] = await tx
    .update(appointments)
    .set({
      status: 'active',
      holdExpiresAt: null,
      patientName: coupon.patient.name,
      patientBirthDate: coupon.patient.birthDate,
      source: coupon.patient.source,
      cancelToken: visit.cancelToken,
      price: visit.price,
      prepaidAmount: coupon.couponPrice,
      createdAt: now,
      remindFrom: now,
    })
    .where(
      and(
        eq(appointments.id, coupon.appointmentId ?? -1),
        eq(appointments.userId, coupon.userId),
        eq(appointments.status, 'held'),
      ),
    )
    .returning({
      id: appointments.id,
      startsAt: sql<string>`lower(${appointments.during})`,
      clinicId: appointments.clinicId,
      doctorId: appointments.doctorId,
    });
  return booked;
}

/** The paid coupon of an appointment, its row locked. */
export async function lockPaidCouponOf(tx: DbTx, appointmentId: number) {
  const [coupon] = await tx
    .select({ id: clubCouponRequests.id, paymentId: clubCouponRequests.paymentId })
    .from(clubCouponRequests)
    .where(
      and(eq(clubCouponRequests.appointmentId, appointmentId), eq(clubCouponRequests.status, 'succeeded')),
    )
    .for('update');
  return coupon;
}

type NewCouponPayment = typeof clubPayments.$inferInsert;
type NewCoupon = typeof clubCouponRequests.$inferInsert;

/** A coupon's payment and the coupon itself, in the caller's transaction. */
export async function insertCouponWithPayment(
  tx: DbTx,
  payment: NewCouponPayment,
  coupon: Omit<NewCoupon, 'paymentId'>,
): Promise<{ coupon: CouponRow; paymentId: number }> {
  const [paid] = await tx.insert(clubPayments).values(payment).returning({ id: clubPayments.id });
  const [row] = await tx
    .insert(clubCouponRequests)
    .values({ ...coupon, paymentId: paid.id })
    .returning();
  return { coupon: row, paymentId: paid.id };
}

/** The provider's payment id and its page, once the provider made the payment. */
export async function setPaymentLink(
  db: Db,
  paymentId: number,
  created: { id: string; confirmationUrl: string | null },
) {
  await db
    .update(clubPayments)
    .set({ providerPaymentId: created.id, confirmationUrl: created.confirmationUrl })
    .where(eq(clubPayments.id, paymentId));
}

/** The provider refused to make the payment: the coupon and its payment end canceled. */
export async function cancelCouponAndPayment(
  tx: DbTx,
  ids: { couponId: number; paymentId: number },
  reason: string,
  now: Date,
) {
  await tx
    .update(clubCouponRequests)
    .set({ status: 'canceled', updatedAt: now })
    .where(eq(clubCouponRequests.id, ids.couponId));
  await tx
    .update(clubPayments)
    .set({ status: 'canceled', cancellationReason: reason })
    .where(eq(clubPayments.id, ids.paymentId));
}
