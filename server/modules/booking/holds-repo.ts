import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';

/** A patient's holds of a time (appointments with status 'held') while the booking form is filled. */
export function createHoldsRepo(db: Db) {
  return {
    /**
     * Before taking a time: deletes the EXPIRED holds of the doctor (or of the doctor-less service
     * line) that overlap it (they would trip the exclusion constraint) and the patient's other
     * holds (one hold per patient at a time).
     */
    async clearHolds(
      tx: Db | DbTx,
      who: { doctorId: number | null; clinicServiceId: number | null; userId: number },
      range: { startsAt: Date; endsAt: Date },
      now: Date,
    ) {
      const owner =
        who.doctorId !== null
          ? sql`doctor_id = ${who.doctorId}`
          : sql`clinic_service_id = ${who.clinicServiceId} AND doctor_id IS NULL`;
      await tx.execute(sql`
        DELETE FROM appointments
        WHERE status = 'held'
          AND ((${owner} AND hold_expires_at <= ${now.toISOString()}::timestamptz
                AND during && tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz))
               OR user_id = ${who.userId})
      `);
    },

    /**
     * Whether the patient holds a time overlapping this one: a hold placed from another tab, or
     * the form's own hold still in flight, which the booking's statement could not yet see.
     */
    async holdsOverlap(
      who: { doctorId: number | null; clinicServiceId: number | null; userId: number },
      range: { startsAt: Date; endsAt: Date },
    ): Promise<boolean> {
      const owner =
        who.doctorId !== null
          ? sql`doctor_id = ${who.doctorId}`
          : sql`clinic_service_id = ${who.clinicServiceId} AND doctor_id IS NULL`;
      const rows = await db.execute(sql`
        SELECT 1 FROM appointments
        WHERE status = 'held' AND user_id = ${who.userId} AND ${owner}
          AND during && tstzrange(${range.startsAt.toISOString()}::timestamptz, ${range.endsAt.toISOString()}::timestamptz)
        LIMIT 1
      `);
      return rows.rows.length > 0;
    },

    /** Lets a hold go (the patient left the form); false when there was none of theirs. */
    async releaseHold(id: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.userId, userId), eq(appointments.status, 'held')))
        .returning({ id: appointments.id });
      return rows.length > 0;
    },
  };
}
