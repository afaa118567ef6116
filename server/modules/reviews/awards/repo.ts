import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../../db/client';

export type AwardRow = {
  id: number;
  amount: number;
  createdAt: Date;
  /** What the review was about, for the patient's list. */
  subjectName: string;
  /** The upcoming visit it is applied to; null while it is free. */
  appointmentId: number | null;
};

/**
 * An award is free when it is not applied to a visit, or the visit it was applied to was
 * cancelled: a cancelled booking gives the discount back without anyone having to.
 */
const FREE = sql`(a.appointment_id IS NULL OR EXISTS (
  SELECT 1 FROM appointments p WHERE p.id = a.appointment_id AND p.status = 'canceled'))`;

/** SQL of the review awards (service.ts). */
export function createAwardsRepo(db: Db) {
  return {
    /**
     * Gives the review's award (once per review), or gives back one moderation had taken while
     * it was still unused; in the moderation's transaction.
     */
    async grant(tx: DbTx, award: { userId: number; reviewId: number; amount: number; now: Date }) {
      await tx.execute(sql`
        INSERT INTO review_awards (user_id, review_id, amount, created_at)
        VALUES (${award.userId}, ${award.reviewId}, ${award.amount}, ${award.now.toISOString()}::timestamptz)
        ON CONFLICT (review_id) DO UPDATE SET revoked_at = NULL WHERE review_awards.revoked_at IS NOT NULL`);
    },

    /** Takes back the review's award unless it is already applied to a visit that stands. */
    async revoke(tx: DbTx, reviewId: number, now: Date) {
      await tx.execute(sql`
        UPDATE review_awards a SET revoked_at = ${now.toISOString()}::timestamptz
        WHERE a.review_id = ${reviewId} AND a.revoked_at IS NULL AND ${FREE}`);
    },

    /** The patient's awards not taken back: free ones first, then those applied to visits. */
    async ofUser(userId: number): Promise<AwardRow[]> {
      const { rows } = await db.execute<AwardRow>(sql`
        SELECT a.id, a.amount, a.created_at AS "createdAt",
               CASE WHEN ${FREE} THEN NULL ELSE a.appointment_id END AS "appointmentId",
               coalesce(trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')), c.name, '') AS "subjectName"
        FROM review_awards a
        JOIN reviews r ON r.id = a.review_id
        LEFT JOIN doctors d ON d.id = r.doctor_id
        LEFT JOIN clinics c ON c.id = r.clinic_id
        WHERE a.user_id = ${userId} AND a.revoked_at IS NULL
        ORDER BY ${FREE} DESC, a.created_at, a.id`);
      return rows;
    },

    /** The oldest free award's amount, or null. */
    async free(userId: number): Promise<number | null> {
      const { rows } = await db.execute<{ amount: number }>(sql`
        SELECT a.amount FROM review_awards a
        WHERE a.user_id = ${userId} AND a.revoked_at IS NULL AND ${FREE}
        ORDER BY a.created_at, a.id LIMIT 1`);
      return rows[0]?.amount ?? null;
    },

    /** The award applied to an appointment, if any. */
    async ofAppointment(appointmentId: number): Promise<{ amount: number } | null> {
      const { rows } = await db.execute<{ amount: number }>(
        sql`SELECT amount FROM review_awards WHERE appointment_id = ${appointmentId}`,
      );
      return rows[0] ?? null;
    },

    /**
     * Applies the patient's oldest free award to the appointment, in one statement; null when
     * none is free. A second award for the same appointment breaks the partial unique index.
     */
    async apply(userId: number, appointmentId: number, now: Date): Promise<{ amount: number } | null> {
      const { rows } = await db.execute<{ amount: number }>(sql`
        UPDATE review_awards SET appointment_id = ${appointmentId}, used_at = ${now.toISOString()}::timestamptz
        WHERE id = (SELECT a.id FROM review_awards a
                    WHERE a.user_id = ${userId} AND a.revoked_at IS NULL AND ${FREE}
                    ORDER BY a.created_at, a.id LIMIT 1 FOR UPDATE OF a SKIP LOCKED)
        RETURNING amount`);
      return rows[0] ?? null;
    },
  };
}
