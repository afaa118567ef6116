import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ReviewSubject, ReviewTag } from '../../../core/reviews/contracts';
import { TAGS_SHOWN } from '../../../core/reviews/tags';
import { reviews } from '../schema/reviews';

// The reviews block of the doctor's and the clinic's pages, as columns of their one-round-trip
// queries. Here, not in one module's repo, because the directory, doctor, clinic and reviews
// repos all put it in their queries, and a module does not import another's repo.

/**
 * The tags block of a subject as a JSON array (ReviewTag of core/reviews/contracts.ts), most mentioned
 * first, from the counts moderation keeps (review_tag_counts). `id` is the subject's id in the
 * caller's query: the doctor and clinic pages put this in their one-round-trip queries.
 */
export function subjectTagsJson(kind: ReviewSubject['kind'], id: SQL, limit: number): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('name', x.name, 'translit', x.translit,
                 'countLikedRates', x.liked, 'countDislikedRates', x.disliked) ORDER BY x.liked + x.disliked DESC, x.name), '[]')
      FROM (SELECT rt.name, rt.translit, tc.liked, tc.disliked
            FROM review_tag_counts tc JOIN review_tags rt ON rt.id = tc.tag_id
            WHERE tc.subject_kind = ${kind} AND tc.subject_id = ${id} AND tc.liked + tc.disliked > 0
            ORDER BY tc.liked + tc.disliked DESC, rt.name LIMIT ${limit}) x)`;
}

/** What a review card of a page's summary shows, as JSON keys. */
const LATEST_REVIEW_FIELDS = sql.raw(`r.id, r.author_name AS "authorName", r.text, r.sentiment, r.status,
  r.is_verified AS "isVerified", r.created_at AS "createdAt", r.visit_date AS "visitDate"`);

export type ReviewSummaryRow = {
  reviewCounts: Partial<Record<'positive' | 'neutral' | 'negative', number>>;
  /** The tags block 'Пациенты упоминали в отзывах'. */
  reviewTags: ReviewTag[];
  latestReviews: {
    id: number;
    authorName: string;
    text: string;
    sentiment: 'positive' | 'neutral' | 'negative';
    status: string;
    isVerified: boolean;
    createdAt: string;
    visitDate: string | null;
  }[];
};

/**
 * The columns of a ReviewSummaryRow for the doctor or clinic `id` of the caller's query: its
 * counts by sentiment, its latest `latest` published reviews and its tags block.
 */
export function reviewSummaryColumns(kind: ReviewSubject['kind'], id: SQL, latest: SQL | Placeholder): SQL {
  const ofSubject = kind === 'doctor' ? sql`r.doctor_id = ${id}` : sql`r.clinic_id = ${id}`;
  return sql`(SELECT coalesce(json_object_agg(s.sentiment, s.n), '{}') FROM (
             SELECT r.sentiment, count(*)::int AS n FROM ${reviews} r
              WHERE ${ofSubject} AND r.status IN ('published', 'resolved') GROUP BY r.sentiment) s) AS "reviewCounts",
          (SELECT coalesce(json_agg(v ORDER BY v."createdAt" DESC), '[]') FROM (
             SELECT ${LATEST_REVIEW_FIELDS} FROM ${reviews} r
              WHERE ${ofSubject} AND r.status IN ('published', 'resolved')
              ORDER BY r.created_at DESC LIMIT ${latest}) v) AS "latestReviews",
          ${subjectTagsJson(kind, id, TAGS_SHOWN)} AS "reviewTags"`;
}
