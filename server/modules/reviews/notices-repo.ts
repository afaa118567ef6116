import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sentMessages } from '../../db/schema/jobs';

/** A published review as its clinics' notices tell it. */
export type ReviewNoticeRow = {
  status: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  text: string;
  /** The doctor's full name, or null for a review of the clinic. */
  doctorName: string | null;
};

/** Who hears of a review: the clinic it is about, or every clinic its doctor works at. */
export type ReviewNoticeContact = {
  clinicId: number;
  phone: string | null;
  email: string | null;
  /** The clinic's switch 'Новый отзыв'. */
  on: boolean;
};

/** SQL of the clinics' notices of published reviews (notices.ts). */
export function createReviewNoticesRepo(db: Db) {
  return {
    /** Whether a message's key is in sent_messages: it went already. */
    async wasSent(key: string): Promise<boolean> {
      const [sent] = await db
        .select({ key: sentMessages.key })
        .from(sentMessages)
        .where(eq(sentMessages.key, key));
      return sent !== undefined;
    },

    /** Records a message as sent, after its provider took it. */
    async markSent(key: string, jobId: string, at: Date) {
      await db.insert(sentMessages).values({ key, jobId, sentAt: at }).onConflictDoNothing();
    },

    async review(reviewId: number): Promise<ReviewNoticeRow | null> {
      const { rows } = await db.execute<ReviewNoticeRow>(sql`
        SELECT r.status, r.sentiment, r.text,
               (SELECT trim(d.last_name || ' ' || d.first_name || coalesce(' ' || d.patronymic, ''))
                  FROM doctors d WHERE d.id = r.doctor_id) AS "doctorName"
        FROM reviews r WHERE r.id = ${reviewId}`);
      return rows[0] ?? null;
    },

    async contacts(reviewId: number): Promise<ReviewNoticeContact[]> {
      const { rows } = await db.execute<ReviewNoticeContact>(sql`
        SELECT c.id AS "clinicId", c.notify_phone AS phone, c.notify_email AS email, c.notify_new_review AS on
        FROM reviews r JOIN clinics c
          ON c.id = r.clinic_id
          OR c.id IN (SELECT w.clinic_id FROM workplaces w WHERE w.doctor_id = r.doctor_id)
        WHERE r.id = ${reviewId}
        ORDER BY c.id`);
      return rows;
    },
  };
}
