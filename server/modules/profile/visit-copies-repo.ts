import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What a visit's messages take from the profile (docs/product/profile.md): the person's name when
 * the visit is someone else's (a relative's: the SMS goes to the account's phone and names them),
 * and the account's confirmed e-mail when the patient chose copies by e-mail.
 */
export async function visitCopies(
  db: Db,
  appointmentId: number,
): Promise<{ person: string | null; email: string | null }> {
  const { rows } = await db.execute<{ person: string | null; email: string | null }>(sql`
    SELECT CASE WHEN a.for_other THEN a.patient_name END AS person,
           CASE WHEN u.notify_email AND u.erased_at IS NULL THEN u.email END AS email
    FROM appointments a LEFT JOIN users u ON u.id = a.user_id
    WHERE a.id = ${appointmentId}`);
  return rows[0] ?? { person: null, email: null };
}
