import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { appointments } from '../../db/schema/booking';
import { clinics } from '../../db/schema/clinics';
import { clubCouponRequests } from '../../db/schema/club';
import { sentMessages } from '../../db/schema/jobs';

/** Whether a message's key is in sent_messages: it went already. */
export async function wasSent(db: Db, key: string): Promise<boolean> {
  const [sent] = await db
    .select({ key: sentMessages.key })
    .from(sentMessages)
    .where(eq(sentMessages.key, key));
  return sent !== undefined;
}

/** Records a message as sent, after its provider took it. */
export async function markSent(db: Db, key: string, jobId: string, at: Date) {
  await db.insert(sentMessages).values({ key, jobId, sentAt: at }).onConflictDoNothing();
}

/**
 * Claims in queued_reminders the reminders due at `now` of the active visits ahead, one row per
 * visit, kind and time (see queueDueReminders), and returns the claimed ones.
 */
export async function claimDueReminders(
  tx: DbTx,
  reminders: readonly { kind: string; before: number }[],
  now: Date,
): Promise<{ appointmentId: number; kind: string }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ms = sql`interval '1 millisecond'`;
  const latest = Math.max(...reminders.map((r) => r.before));
  const kinds = sql.join(
    reminders.map((r) => sql`(${r.kind}::text, ${r.before}::bigint)`),
    sql`, `,
  );
  const claimed = await tx.execute<{ appointmentId: number; kind: string }>(sql`
    WITH due AS (
      SELECT a.id, r.kind, lower(a.during) AS starts_at
      FROM appointments a
      CROSS JOIN (VALUES ${kinds}) AS r (kind, before_ms)
      WHERE a.status = 'active' AND a.remind_from IS NOT NULL
        AND lower(a.during) > ${at} AND lower(a.during) <= ${at} + ${latest}::bigint * ${ms}
        AND lower(a.during) <= ${at} + r.before_ms * ${ms}
        AND a.remind_from < lower(a.during) - r.before_ms * ${ms}
    )
    INSERT INTO queued_reminders (starts_at, appointment_id, kind)
    SELECT starts_at, id, kind FROM due
    ON CONFLICT DO NOTHING
    RETURNING appointment_id AS "appointmentId", kind`);
  return claimed.rows;
}

/** The claims of visits a day past: no sweep looks at them again. */
export async function forgetPastReminderClaims(tx: DbTx, now: Date) {
  await tx.execute(
    sql`DELETE FROM queued_reminders WHERE starts_at < ${now.toISOString()}::timestamptz - interval '1 day'`,
  );
}

/** The clinic's switch of one reminder. */
export type ReminderSwitch = 'remindDayBefore' | 'remindHoursBefore';

/** Whether the clinic sends this reminder, read now. */
export async function reminderSwitchedOn(db: Db, clinicId: number, which: ReminderSwitch): Promise<boolean> {
  const [clinic] = await db.select({ on: clinics[which] }).from(clinics).where(eq(clinics.id, clinicId));
  return Boolean(clinic?.on);
}

/** Who cancelled a visit and why, with the clinic's phones. */
export async function cancelOf(db: Db, appointmentId: number) {
  const [cancel] = await db
    .select({ by: appointments.canceledBy, reason: appointments.cancelReason, phones: clinics.phones })
    .from(appointments)
    .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
    .where(eq(appointments.id, appointmentId));
  return cancel;
}

/** A visit's state and its clinic's contacts and switches for the clinic's messages, with the club prepayment. */
export async function clinicNoticeOf(db: Db, appointmentId: number) {
  const [row] = await db
    .select({
      status: appointments.status,
      canceledBy: appointments.canceledBy,
      source: appointments.source,
      phone: clinics.notifyPhone,
      email: clinics.notifyEmail,
      onNew: clinics.notifyNewBooking,
      onCancel: clinics.notifyPatientCancel,
      prepaid: clubCouponRequests.couponPrice,
    })
    .from(appointments)
    .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
    .leftJoin(
      clubCouponRequests,
      and(eq(clubCouponRequests.appointmentId, appointments.id), eq(clubCouponRequests.status, 'succeeded')),
    )
    .where(eq(appointments.id, appointmentId));
  return row;
}

/** A callback request with its doctor, its patient's name and its clinic's contact and switch. */
export async function callbackNoticeOf(db: Db, callbackId: number) {
  const { rows } = await db.execute<{
    status: string;
    date: string;
    times: string[];
    patientPhone: string;
    patientName: string | null;
    doctorName: string;
    phone: string | null;
    email: string | null;
    on: boolean;
  }>(sql`
    SELECT cr.status, to_char(cr.date, 'YYYY-MM-DD') AS date, cr.times, cr.phone AS "patientPhone",
           nullif(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), '') AS "patientName",
           trim(d.last_name || ' ' || d.first_name || coalesce(' ' || d.patronymic, '')) AS "doctorName",
           c.notify_phone AS phone, c.notify_email AS email, c.notify_callback_request AS on
    FROM callback_requests cr
    JOIN clinics c ON c.id = cr.clinic_id
    JOIN doctors d ON d.id = cr.doctor_id
    JOIN users u ON u.id = cr.user_id
    WHERE cr.id = ${callbackId}`);
  return rows[0] ?? null;
}
