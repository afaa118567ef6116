import { sql } from 'drizzle-orm';
import type { ComingVisit } from '../../../core/booking/visit-caps';
import type { Db, DbTx } from '../../db/client';

/** The visit caps' SQL (core/booking/visit-caps.ts): a patient's turn, and their coming visits. */
export function createCapsRepo() {
  return {
    /**
     * Takes the patient's turn until the transaction ends, then reads their coming visits (active,
     * not yet over; `now` on). Every hold, booking and move of one patient takes this turn first,
     * so two of them at once (20 tabs, a script) run one after the other, in any process: the
     * second sees what the first committed, its hold to clear or its visit to count. A
     * transaction-level advisory lock keyed on the patient (released by COMMIT or ROLLBACK, never
     * left behind); the read is a statement of its own, so that its snapshot is taken after the
     * turn came (READ COMMITTED).
     */
    async lockAndReadComing(tx: Db | DbTx, userId: number, now: Date): Promise<ComingVisit[]> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('appointments.patient'), ${userId}::int)`);
      const result = await tx.execute(sql`
        SELECT a.id, a.doctor_id AS "doctorId", a.clinic_id AS "clinicId",
               lower(a.during) AS "startsAt", upper(a.during) AS "endsAt",
               CASE WHEN cs.id IS NOT NULL THEN cs.name
                    ELSE trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) END AS title,
               c.name AS "clinicName", t.tz
        FROM appointments a
        LEFT JOIN clinic_services cs ON cs.id = a.clinic_service_id
        LEFT JOIN doctors d ON d.id = a.doctor_id
        JOIN clinics c ON c.id = a.clinic_id
        JOIN towns t ON t.id = c.town_id
        WHERE a.user_id = ${userId}::int AND a.status = 'active'
          AND upper(a.during) > ${now.toISOString()}::timestamptz
        ORDER BY lower(a.during)`);
      return (
        result.rows as unknown as (Omit<ComingVisit, 'startsAt' | 'endsAt'> & {
          startsAt: string | Date;
          endsAt: string | Date;
        })[]
      ).map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
    },
  };
}
