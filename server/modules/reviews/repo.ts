import { type SQL, sql } from 'drizzle-orm';
import type { FakeWarning } from '../../../core/reviews/fake-warning';
import type { ReviewTag } from '../../../core/reviews/tags';
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

export type SubjectHead = { name: string; townSlug: string; slug: string; fakeWarning: FakeWarning | null };

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

const tagWhere = (tag: string | null) =>
  tag === null
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM review_tag_links l JOIN review_tags t ON t.id = l.tag_id
                  WHERE l.review_id = r.id AND t.translit = ${tag})`;

/**
 * The tags block of a subject as a JSON array (core/reviews/tags.ts ReviewTag), most mentioned
 * first, over its shown reviews. `subject` is the condition on `r` (reviews): the doctor and
 * clinic pages put this in their one-round-trip queries, the reviews page runs it alone.
 */
export function subjectTagsJson(subject: SQL, limit: number): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('name', x.name, 'translit', x.translit,
                 'countLikedRates', x.liked, 'countDislikedRates', x.disliked) ORDER BY x.liked + x.disliked DESC, x.name), '[]')
      FROM (SELECT t.name, t.translit, count(*) FILTER (WHERE l.liked)::int AS liked,
                   count(*) FILTER (WHERE NOT l.liked)::int AS disliked
            FROM reviews r JOIN review_tag_links l ON l.review_id = r.id JOIN review_tags t ON t.id = l.tag_id
            WHERE ${subject} AND r.status IN ('published', 'resolved', 'unconfirmed')
            GROUP BY t.id, t.name, t.translit
            ORDER BY count(*) DESC, t.name LIMIT ${limit}) x)`;
}

/** SQL of the reviews lists (issue 6). The indexes (doctor_id | clinic_id, status, created_at) serve both. */
export function createReviewsRepo(db: Db) {
  return {
    /** The reviews page's heading: the doctor's full name or the clinic's name, and its page. */
    async head(subject: ReviewSubject): Promise<SubjectHead | null> {
      const { rows } = await db.execute<SubjectHead>(
        subject.kind === 'doctor'
          ? sql`SELECT trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS name,
                       t.slug AS "townSlug", d.slug, d.fake_warning AS "fakeWarning"
                FROM doctors d JOIN towns t ON t.id = d.town_id WHERE d.id = ${subject.id}`
          : sql`SELECT c.name, t.slug AS "townSlug", c.slug, c.fake_warning AS "fakeWarning"
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

    /** The subject's tags block: the most mentioned tags with their liked and disliked counts. */
    async tags(subject: ReviewSubject, limit: number): Promise<ReviewTag[]> {
      const { rows } = await db.execute<{ tags: ReviewTag[] }>(
        sql`SELECT ${subjectTagsJson(subjectWhere(subject), limit)} AS tags`,
      );
      return rows[0]?.tags ?? [];
    },

    /**
     * A page of a type (and of a tag, when one is chosen), newest first, with the published
     * answers; `limit` + 1 rows tell if more follow.
     */
    async page(
      subject: ReviewSubject,
      type: ReviewType,
      limit: number,
      offset: number,
      tag: string | null = null,
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
        WHERE ${subjectWhere(subject)} AND ${TYPE_WHERE[type]} AND ${tagWhere(tag)}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${limit} OFFSET ${offset}`);
      return rows;
    },

    /**
     * One more view of each shown review of the kind (the rate-metrics beacon); ids of another
     * kind, unknown or hidden reviews are passed over. Returns how many were counted.
     */
    async addViews(kind: ReviewSubject['kind'], ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const { rows } = await db.execute<{ n: number }>(sql`
        WITH seen AS (
          UPDATE reviews r SET views = r.views + 1
          WHERE r.id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
            AND ${kind === 'doctor' ? sql`r.doctor_id IS NOT NULL` : sql`r.doctor_id IS NULL`}
            AND ${TYPE_WHERE.all}
          RETURNING 1)
        SELECT count(*)::int AS n FROM seen`);
      return rows[0]?.n ?? 0;
    },
  };
}
