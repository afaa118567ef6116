import { type SQL, sql } from 'drizzle-orm';
import type { FakeWarning } from '../../../../core/reviews/fake-warning';
import type { PendingReply, QueueFilter, QueueItem } from '../../../../core/reviews/moderation-contracts';
import type { ReviewStatus, ReviewSubjectKind } from '../../../../core/reviews/write';
import type { Db, DbTx } from '../../../db/client';
import { reviewHistory } from '../../../db/schema/reviews';

/** The subject of a review as its row gives it: the page URL is built from the slugs. */
export type SubjectRef = {
  kind: ReviewSubjectKind;
  id: number;
  name: string;
  townSlug: string;
  slug: string;
  fakeWarning: FakeWarning | null;
};

/** A review of the queue; its times are Dates at the top level and ISO strings inside the JSON. */
export type QueueRow = Omit<QueueItem, 'subject' | 'createdAt'> & { subject: SubjectRef; createdAt: Date };

export type PendingReplyRow = Omit<PendingReply, 'subjectUrl' | 'createdAt'> & {
  createdAt: Date;
  subjectKind: ReviewSubjectKind;
  subjectId: number;
  townSlug: string;
  subjectSlug: string;
};

/** What a moderation change needs to know of the review, read under a row lock. */
export type LockedReview = {
  status: ReviewStatus;
  sentiment: 'positive' | 'neutral' | 'negative';
  userId: number | null;
  createdAt: Date;
  text: string;
  /** A numeric column: node-postgres gives it as a string. */
  score: number | string;
  doctorId: number | null;
  clinicId: number | null;
  /** Written about a visit booked through the portal. */
  viaPortal: boolean;
};

export interface HistoryLine {
  reviewId: number;
  replyId?: number;
  actorUserId: number | null;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  at: Date;
}

/** A review's subject: the doctor (d, its town dt) or, for a clinic's own review, the clinic (c, ct). */
const SUBJECT_JOINS = sql`LEFT JOIN doctors d ON d.id = r.doctor_id LEFT JOIN towns dt ON dt.id = d.town_id
  LEFT JOIN clinics c ON c.id = r.clinic_id AND r.doctor_id IS NULL LEFT JOIN towns ct ON ct.id = c.town_id`;

/**
 * The moderator's search: a number finds that review; words find reviews whose text, author or
 * subject contains them (case-insensitive).
 */
function searchWhere(q: string | null, text: SQL): SQL {
  if (!q) return sql`true`;
  if (/^\d{1,9}$/.test(q)) return sql`r.id = ${Number(q)}`;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${text} ILIKE ${like} OR r.author_name ILIKE ${like}
    OR (d.id IS NOT NULL AND (d.last_name || ' ' || d.first_name) ILIKE ${like})
    OR (c.id IS NOT NULL AND c.name ILIKE ${like}))`;
}

/** The queue's filters: town, clinic (its own reviews and its doctors'), doctor, tone, days (Moscow), documents. */
function filterWhere(f: QueueFilter): SQL {
  const parts: SQL[] = [];
  if (f.town) parts.push(sql`coalesce(d.town_id, c.town_id) = ${f.town}::int`);
  if (f.clinic)
    parts.push(sql`(r.clinic_id = ${f.clinic}::int OR r.doctor_id IN (
      SELECT w.doctor_id FROM workplaces w WHERE w.clinic_id = ${f.clinic}::int))`);
  if (f.doctor) parts.push(sql`r.doctor_id = ${f.doctor}::int`);
  if (f.tone) parts.push(sql`r.sentiment = ${f.tone}`);
  if (f.from) parts.push(sql`r.created_at >= (${f.from}::date::timestamp AT TIME ZONE 'Europe/Moscow')`);
  if (f.to) parts.push(sql`r.created_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow')`);
  if (f.documents) parts.push(sql`EXISTS (SELECT 1 FROM review_documents x WHERE x.review_id = r.id)`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** SQL of the staff's review queue and moderation (service.ts). */
export function createModerationRepo(db: Db) {
  return {
    /** A page of reviews in a state, pending oldest first and the rest newest first; `limit` + 1 tells if more follow. */
    async queue(
      status: ReviewStatus,
      q: string | null,
      filter: QueueFilter,
      limit: number,
      offset: number,
    ): Promise<QueueRow[]> {
      const order =
        status === 'pending' ? sql`r.created_at ASC, r.id ASC` : sql`r.created_at DESC, r.id DESC`;
      const { rows } = await db.execute<QueueRow>(sql`
        SELECT r.id, r.status, r.sentiment, r.author_name AS "authorName", r.user_id AS "userId",
          r.is_anonymous AS "isAnonymous", r.appointment_id IS NOT NULL AS "viaPortal", r.text, r.assessments,
          r.visit_date::text AS "visitDate", r.deleted_reason AS "deletedReason", r.created_at AS "createdAt",
          CASE WHEN r.doctor_id IS NOT NULL THEN json_build_object('kind', 'doctor', 'id', d.id,
                 'name', trim(d.last_name || ' ' || d.first_name || ' ' || coalesce(d.patronymic, '')),
                 'townSlug', dt.slug, 'slug', d.slug, 'fakeWarning', d.fake_warning)
               ELSE json_build_object('kind', 'lpu', 'id', c.id, 'name', c.name, 'townSlug', ct.slug,
                 'slug', c.slug, 'fakeWarning', c.fake_warning) END AS subject,
          coalesce((SELECT json_agg(json_build_object('id', x.id, 'fileName', x.file_name, 'mime', x.mime, 'size', x.size) ORDER BY x.id)
                    FROM review_documents x WHERE x.review_id = r.id), '[]') AS documents,
          coalesce((SELECT json_agg(json_build_object('fromStatus', h.from_status, 'toStatus', h.to_status,
                      'reason', h.reason, 'at', h.at, 'replyId', h.reply_id,
                      'actorId', h.actor_user_id,
                      'actor', CASE WHEN h.actor_user_id IS NOT NULL THEN coalesce(
                        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                        CASE WHEN u.role = 'staff' THEN 'Модератор №' ELSE 'Пользователь №' END || h.actor_user_id) END) ORDER BY h.at, h.id)
                    FROM review_history h LEFT JOIN users u ON u.id = h.actor_user_id WHERE h.review_id = r.id), '[]') AS history,
          coalesce((SELECT json_agg(json_build_object('id', a.id, 'authorKind', a.author_kind, 'text', a.text,
                      'status', a.status, 'createdAt', a.created_at) ORDER BY a.created_at)
                    FROM review_replies a WHERE a.review_id = r.id), '[]') AS replies
        FROM reviews r ${SUBJECT_JOINS}
        WHERE r.status = ${status} AND ${searchWhere(q, sql`r.text`)} AND ${filterWhere(filter)}
        ORDER BY ${order}
        LIMIT ${limit} OFFSET ${offset}`);
      return rows;
    },

    /** How many reviews in the state match the search and filters. */
    async matching(status: ReviewStatus, q: string | null, filter: QueueFilter): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM reviews r ${SUBJECT_JOINS}
        WHERE r.status = ${status} AND ${searchWhere(q, sql`r.text`)} AND ${filterWhere(filter)}`);
      return rows[0]?.n ?? 0;
    },

    async pendingCount(): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM reviews WHERE status = 'pending'`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Answers waiting for moderation, oldest first, with a line of their review. */
    async pendingReplies(q: string | null, limit: number): Promise<PendingReplyRow[]> {
      const { rows } = await db.execute<PendingReplyRow>(sql`
        SELECT a.id, a.review_id AS "reviewId", a.author_kind AS "authorKind", a.text, a.created_at AS "createdAt",
               r.text AS "reviewText", CASE WHEN d.id IS NOT NULL THEN 'doctor' ELSE 'lpu' END AS "subjectKind",
               coalesce(d.id, c.id) AS "subjectId", coalesce(dt.slug, ct.slug) AS "townSlug",
               coalesce(d.slug, c.slug) AS "subjectSlug"
        FROM review_replies a JOIN reviews r ON r.id = a.review_id ${SUBJECT_JOINS}
        WHERE a.status = 'pending' AND ${searchWhere(q, sql`(a.text || ' ' || r.text)`)}
        ORDER BY a.created_at, a.id LIMIT ${limit}`);
      return rows;
    },

    /** The review under a row lock, so two moderators' changes of one review queue up. */
    async lockReview(tx: DbTx, reviewId: number): Promise<LockedReview | null> {
      const { rows } = await tx.execute<LockedReview>(
        sql`SELECT status, sentiment, user_id AS "userId", created_at AS "createdAt", text, score,
                   doctor_id AS "doctorId", clinic_id AS "clinicId", appointment_id IS NOT NULL AS "viaPortal"
            FROM reviews WHERE id = ${reviewId} FOR UPDATE`,
      );
      return rows[0] ?? null;
    },

    /** The new state; a deleted review keeps its reason, a published one its first publication time. */
    async setReviewStatus(
      tx: DbTx,
      reviewId: number,
      to: ReviewStatus,
      deletedReason: string | null,
      now: Date,
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE reviews SET status = ${to}, deleted_reason = ${deletedReason},
          published_at = CASE WHEN ${to} = 'published' THEN coalesce(published_at, ${now.toISOString()}::timestamptz)
                              ELSE published_at END
        WHERE id = ${reviewId}`);
    },

    async addHistory(tx: DbTx, line: HistoryLine): Promise<void> {
      await tx.insert(reviewHistory).values(line);
    },

    async lockReply(
      tx: DbTx,
      replyId: number,
    ): Promise<{
      reviewId: number;
      status: string;
      doctorId: number | null;
      clinicId: number | null;
    } | null> {
      const { rows } = await tx.execute<{
        reviewId: number;
        status: string;
        doctorId: number | null;
        clinicId: number | null;
      }>(
        sql`SELECT a.review_id AS "reviewId", a.status, r.doctor_id AS "doctorId", r.clinic_id AS "clinicId"
            FROM review_replies a JOIN reviews r ON r.id = a.review_id WHERE a.id = ${replyId} FOR UPDATE OF a`,
      );
      return rows[0] ?? null;
    },

    async setReplyStatus(tx: DbTx, replyId: number, to: string): Promise<void> {
      await tx.execute(sql`UPDATE review_replies SET status = ${to} WHERE id = ${replyId}`);
    },

    async document(documentId: number): Promise<{ fileName: string; mime: string; key: string } | null> {
      const { rows } = await db.execute<{ fileName: string; mime: string; key: string }>(
        sql`SELECT file_name AS "fileName", mime, storage_key AS key FROM review_documents WHERE id = ${documentId}`,
      );
      return rows[0] ?? null;
    },

    /** The subject's fake-review banner; its town for the lists' cache, or null when there is no such subject. */
    async setFakeWarning(
      kind: 'doctor' | 'lpu',
      id: number,
      warning: FakeWarning | null,
    ): Promise<{ townId: number } | null> {
      const table = kind === 'doctor' ? sql`doctors` : sql`clinics`;
      const { rows } = await db.execute<{ townId: number }>(
        sql`UPDATE ${table} SET fake_warning = ${warning} WHERE id = ${id} RETURNING town_id AS "townId"`,
      );
      return rows[0] ?? null;
    },

    transaction: <T>(run: (tx: DbTx) => Promise<T>) => db.transaction(run),
  };
}
