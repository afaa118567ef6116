import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clubCouponRequests, clubPayments } from '../../db/schema/club';
import { workplacePrices } from '../../db/schema/doctors';
import { clinicServices } from '../../db/schema/services';

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
        .where(eq(appointments.id, appointmentId));
      return row ?? null;
    },

    /** Keeps the hold as long as the coupon may be paid. */
    async extendHold(tx: DbTx, appointmentId: number, until: Date) {
      await tx
        .update(appointments)
        .set({ holdExpiresAt: until })
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'held')));
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
