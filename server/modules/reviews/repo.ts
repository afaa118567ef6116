import { type SQL, sql } from 'drizzle-orm';
import type { ReviewType } from '../../../core/reviews/types';
import type { Db } from '../../db/client';

/** Whose reviews: a doctor's or a clinic's (spec: review type 'doctor' or 'lpu'). */
export type ReviewSubject = { kind: 'doctor'; id: number } | { kind: 'lpu'; id: number };

export type ReviewRow = {
  id: number;
  /** The author's account (null: written without signing in, or taken by the call centre). */
  userId: number | null;
  authorName: string;
  isAnonymous: boolean;
  text: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  status: 'published' | 'unconfirmed' | 'resolved' | 'deleted';
  origin: 'site' | 'app' | 'call_centre';
  isVerified: boolean;
  /** Booked through the portal. */
  viaPortal: boolean;
  /** The author attached documents of the visit (seen by moderators only). */
  hasDocuments: boolean;
  assessments: { name: string; value: number | null }[];
  deletedReason: string | null;
  createdAt: string;
  replies: { authorKind: 'doctor' | 'clinic'; text: string; createdAt: string }[];
};

/** Which reviews a filter type shows. Pending reviews are nobody's until moderated. */
const TYPE_WHERE: Record<ReviewType, SQL> = {
  all: sql`r.status IN ('published', 'resolved', 'unconfirmed')`,
  positive: sql`r.status = 'published' AND r.sentiment = 'positive'`,
  neutral: sql`r.status = 'published' AND r.sentiment = 'neutral'`,
  negative: sql`r.status = 'published' AND r.sentiment = 'negative'`,
  resolved: sql`r.status = 'resolved'`,
  unconfirmed: sql`r.status = 'unconfirmed'`,
  deleted: sql`r.status = 'deleted'`,
};

const subjectWhere = (s: ReviewSubject) =>
  s.kind === 'doctor' ? sql`r.doctor_id = ${s.id}` : sql`r.clinic_id = ${s.id}`;

/** SQL of the reviews lists (issue 6). The indexes (doctor_id | clinic_id, status, created_at) serve both. */
export function createReviewsRepo(db: Db) {
  return {
    /** The reviews page's heading: the doctor's full name or the clinic's name, and its page. */
    async head(subject: ReviewSubject): Promise<{ name: string; townSlug: string; slug: string } | null> {
      const { rows } = await db.execute<{ name: string; townSlug: string; slug: string }>(
        subject.kind === 'doctor'
          ? sql`SELECT trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS name,
                       t.slug AS "townSlug", d.slug
                FROM doctors d JOIN towns t ON t.id = d.town_id WHERE d.id = ${subject.id}`
          : sql`SELECT c.name, t.slug AS "townSlug", c.slug
                FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${subject.id}`,
      );
      return rows[0] ?? null;
    },

    /** The filter's counts per type, in one pass over the subject's reviews. */
    async counts(subject: ReviewSubject): Promise<Record<ReviewType, number>> {
      const { rows } = await db.execute<Record<ReviewType, number>>(sql`
        SELECT
          count(*) FILTER (WHERE ${TYPE_WHERE.all})::int AS "all",
          count(*) FILTER (WHERE ${TYPE_WHERE.positive})::int AS positive,
          count(*) FILTER (WHERE ${TYPE_WHERE.neutral})::int AS neutral,
          count(*) FILTER (WHERE ${TYPE_WHERE.negative})::int AS negative,
          count(*) FILTER (WHERE ${TYPE_WHERE.resolved})::int AS resolved,
          count(*) FILTER (WHERE ${TYPE_WHERE.unconfirmed})::int AS unconfirmed,
          count(*) FILTER (WHERE ${TYPE_WHERE.deleted})::int AS deleted
        FROM reviews r
        WHERE ${subjectWhere(subject)} AND r.status <> 'pending'`);
      return rows[0];
    },

    /** A page of a type, newest first, with the published answers; `limit` + 1 rows tell if more follow. */
    async page(
      subject: ReviewSubject,
      type: ReviewType,
      limit: number,
      offset: number,
    ): Promise<ReviewRow[]> {
      const { rows } = await db.execute<ReviewRow>(sql`
        SELECT r.id, r.user_id AS "userId", r.author_name AS "authorName", r.is_anonymous AS "isAnonymous", r.text, r.sentiment,
               r.status, r.origin, r.is_verified AS "isVerified", r.appointment_id IS NOT NULL AS "viaPortal",
               EXISTS (SELECT 1 FROM review_documents x WHERE x.review_id = r.id) AS "hasDocuments",
               r.assessments, r.deleted_reason AS "deletedReason", r.created_at AS "createdAt",
               coalesce((SELECT json_agg(json_build_object('authorKind', a.author_kind, 'text', a.text,
                                                          'createdAt', a.created_at) ORDER BY a.created_at)
                         FROM review_replies a WHERE a.review_id = r.id AND a.status = 'published'), '[]') AS replies
        FROM reviews r
        WHERE ${subjectWhere(subject)} AND ${TYPE_WHERE[type]}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${limit} OFFSET ${offset}`);
      return rows;
    },
  };
}
