import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface PatientFacts {
  phoneConfirmed: boolean;
  createdAt: Date;
  positive: number;
  negative: number;
  deleted: number;
  withoutMark: number;
  appointments: number;
}

/** Reviews a reader sees on the pages; pending ones wait for moderation, deleted ones are counted apart. */
const SHOWN = sql.raw(`('published', 'resolved', 'unconfirmed')`);
/** Appointments actually made: a hold is a form left open, a cancelled visit did not happen. */
const BOOKED = sql.raw(`('active', 'done', 'no_show')`);

export async function patientFacts(db: Db, userId: number): Promise<PatientFacts | null> {
  const result = await db.execute(sql`
    SELECT u.is_real_patient AND u.phone IS NOT NULL AS "phoneConfirmed",
           u.created_at AS "createdAt",
           (SELECT count(*) FROM reviews r
             WHERE r.user_id = u.id AND r.status IN ${SHOWN} AND r.sentiment = 'positive')::int AS positive,
           (SELECT count(*) FROM reviews r
             WHERE r.user_id = u.id AND r.status IN ${SHOWN} AND r.sentiment = 'negative')::int AS negative,
           (SELECT count(*) FROM reviews r
             WHERE r.user_id = u.id AND r.status = 'deleted')::int AS deleted,
           (SELECT count(*) FROM reviews r
             WHERE r.user_id = u.id AND r.status IN ${SHOWN}
               AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(r.assessments) a
                                WHERE jsonb_typeof(a -> 'value') = 'number'))::int AS "withoutMark",
           (SELECT count(*) FROM appointments a
             WHERE a.user_id = u.id AND a.status IN ${BOOKED})::int AS appointments
    FROM users u
    WHERE u.id = ${userId} AND u.role = 'patient'
  `);
  const row = result.rows[0] as (Omit<PatientFacts, 'createdAt'> & { createdAt: Date | string }) | undefined;
  return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
}
