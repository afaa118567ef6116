import { type SQL, sql } from 'drizzle-orm';
import type { ReviewCounts, ReviewSubject, ReviewTag } from '../../../../core/reviews/contracts';
import type { FakeWarning } from '../../../../core/reviews/fake-warning';
import type { ReviewType } from '../../../../core/reviews/types';
import type { Db } from '../../../db/client';
import { executeNamed } from '../../../db/prepared';
import { subjectTagsJson } from '../../../db/sql/review-summary';

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
  /** A Date from a row of its own, an ISO string from the first screen's JSON. */
  createdAt: Date | string;
  replies: { authorKind: 'doctor' | 'clinic'; text: string; createdAt: string }[];
};

export type SubjectHead = {
  name: string;
  townSlug: string;
  slug: string;
  fakeWarning: FakeWarning | null;
  /** The town's time zone: review dates are that town's days. */
  tz: string;
  rating: number;
  reviewsCount: number;
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

const tagWhere = (tag: string | null) =>
  tag === null
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM review_tag_links l JOIN review_tags t ON t.id = l.tag_id
                  WHERE l.review_id = r.id AND t.translit = ${tag})`;

const headSql = (subject: ReviewSubject) =>
  subject.kind === 'doctor'
    ? sql`SELECT trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')) AS name,
                 t.slug AS "townSlug", d.slug, d.fake_warning AS "fakeWarning", t.tz,
                 d.rating, d.reviews_count AS "reviewsCount"
          FROM doctors d JOIN towns t ON t.id = d.town_id WHERE d.id = ${subject.id}`
    : sql`SELECT c.name, t.slug AS "townSlug", c.slug, c.fake_warning AS "fakeWarning", t.tz,
                 c.rating, c.reviews_count AS "reviewsCount"
          FROM clinics c JOIN towns t ON t.id = c.town_id WHERE c.id = ${subject.id}`;

/** The filter's counts per type in one pass over the subject's reviews (the index covers it). */
const countsSql = (subject: ReviewSubject) => sql`
  SELECT
    count(*) FILTER (WHERE ${TYPE_WHERE.all})::int AS "all",
    count(*) FILTER (WHERE ${TYPE_WHERE.positive})::int AS positive,
    count(*) FILTER (WHERE ${TYPE_WHERE.neutral})::int AS neutral,
    count(*) FILTER (WHERE ${TYPE_WHERE.negative})::int AS negative,
    count(*) FILTER (WHERE ${TYPE_WHERE.resolved})::int AS resolved,
    count(*) FILTER (WHERE ${TYPE_WHERE.unconfirmed})::int AS unconfirmed,
    count(*) FILTER (WHERE ${TYPE_WHERE.deleted})::int AS deleted
  FROM reviews r
  WHERE ${subjectWhere(subject)} AND r.status <> 'pending'`;

/** A page of a type (and tag), newest first, with the published answers. */
const pageSql = (
  subject: ReviewSubject,
  type: ReviewType,
  tag: string | null,
  limit: number,
  offset: number,
) => sql`
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
  LIMIT ${limit} OFFSET ${offset}`;

/**
 * The statement name of a query's shape: the text changes with the subject's kind, the type and
 * whether a tag is chosen, never with the values (parameters), so each shape is prepared once
 * per connection (14 shapes × 2 queries at most).
 */
const shape = (subject: ReviewSubject, type: ReviewType, tag: string | null) =>
  `${subject.kind}_${type}${tag === null ? '' : '_tag'}`;

/** The reviews page's first screen, as one row. */
export type FirstScreenRow = SubjectHead & {
  counts: ReviewCounts;
  tags: ReviewTag[];
  rows: ReviewRow[];
};

/** SQL of the reviews lists. The indexes (doctor_id | clinic_id, status, sentiment, created_at) serve them. */
export function createReviewsRepo(db: Db) {
  return {
    /** The reviews page's heading: the doctor's full name or the clinic's name, and its page. */
    async head(subject: ReviewSubject): Promise<SubjectHead | null> {
      const { rows } = await db.execute<SubjectHead>(headSql(subject));
      return rows[0] ?? null;
    },

    async counts(subject: ReviewSubject): Promise<ReviewCounts> {
      const { rows } = await db.execute<ReviewCounts>(countsSql(subject));
      return rows[0];
    },

    /** The subject's tags block: the most mentioned tags with their liked and disliked counts. */
    async tags(subject: ReviewSubject, limit: number): Promise<ReviewTag[]> {
      const { rows } = await db.execute<{ tags: ReviewTag[] }>(
        sql`SELECT ${subjectTagsJson(subject.kind, sql`${subject.id}`, limit)} AS tags`,
      );
      return rows[0]?.tags ?? [];
    },

    /** `limit` + 1 rows tell if more follow. */
    async page(
      subject: ReviewSubject,
      type: ReviewType,
      limit: number,
      offset: number,
      tag: string | null = null,
    ): Promise<ReviewRow[]> {
      return executeNamed<ReviewRow>(
        db,
        `reviews_page_${shape(subject, type, tag)}`,
        pageSql(subject, type, tag, limit, offset),
      );
    },

    /**
     * The reviews page's first screen in one round trip: heading, counts per type, tags block
     * and the first `limit` rows of the type and tag; null for an unknown subject.
     */
    async firstScreen(
      subject: ReviewSubject,
      type: ReviewType,
      tag: string | null,
      tagsLimit: number,
      limit: number,
    ): Promise<FirstScreenRow | null> {
      const rows = await executeNamed<FirstScreenRow>(
        db,
        `reviews_first_${shape(subject, type, tag)}`,
        sql`
        SELECT h.*,
          (SELECT row_to_json(k) FROM (${countsSql(subject)}) k) AS counts,
          ${subjectTagsJson(subject.kind, sql`${subject.id}`, tagsLimit)} AS tags,
          (SELECT coalesce(json_agg(p), '[]') FROM (${pageSql(subject, type, tag, limit, 0)}) p) AS rows
        FROM (${headSql(subject)}) h`,
      );
      return rows[0] ?? null;
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
