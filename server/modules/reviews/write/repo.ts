import { sql } from 'drizzle-orm';
import type { CabinetReview, InboxCounts } from '../../../../core/reviews/contracts';
import { INVITATION_ERRORS, INVITATION_TRAIL } from '../../../../core/reviews/invitation';
import type { ReviewSubjectKind } from '../../../../core/reviews/write';
import type { Db, DbTx } from '../../../db/client';
import {
  reviewDocuments,
  reviewHistory,
  reviewReplies,
  reviews,
  reviewTagLinks,
} from '../../../db/schema/reviews';
import { DomainError } from '../../../http/errors';

export interface NewReview {
  kind: ReviewSubjectKind;
  subjectId: number;
  userId: number;
  text: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  isAnonymous: boolean;
  assessments: { name: string; value: number | null }[];
  score: number;
  /** 'YYYY-MM-01'. */
  visitMonth: string;
  /** Written by an invitation's link: spent here, and the review is of that visit. */
  invitation?: { hash: string; appointmentId: number } | null;
  tags: { id: number; polarity: number }[];
  documents: { fileName: string; mime: string; size: number; key: string }[];
  now: Date;
}

/** The inbox's filters as SQL reads them (`since` from the period). */
export interface InboxFilter {
  unanswered: boolean;
  doctor?: number;
  tone?: 'positive' | 'neutral' | 'negative';
  since: Date | null;
  now: Date;
}

/** A review of the cabinet's list as its row gives it (the time a Date). */
export type AboutMeRow = Omit<CabinetReview, 'createdAt'> & { createdAt: Date };

/** A work account's side of the reviews: the doctor's own, or the clinic's and its doctors'. */
export type ReplySide =
  | { side: 'doctor'; doctorId: number | null }
  | { side: 'clinic'; clinicId: number | null };

const aboutSide = (s: ReplySide) =>
  s.side === 'doctor'
    ? sql`r.doctor_id = ${s.doctorId}::int`
    : sql`(r.clinic_id = ${s.clinicId}::int OR r.doctor_id IN (
             SELECT w.doctor_id FROM workplaces w WHERE w.clinic_id = ${s.clinicId}::int))`;

/** SQL of writing reviews and answers (service.ts). */
export function createReviewWriteRepo(db: Db) {
  return {
    /** When the account asked to be deleted (it may not write then), or null. */
    async deletingSince(userId: number): Promise<Date | null> {
      const { rows } = await db.execute<{ at: string | null }>(
        sql`SELECT deleting_since AS at FROM users WHERE id = ${userId}`,
      );
      return rows[0]?.at ? new Date(rows[0].at) : null;
    },

    /** Every tag a review may carry, praise first. */
    async tags(): Promise<{ name: string; translit: string; polarity: number }[]> {
      const { rows } = await db.execute<{ name: string; translit: string; polarity: number }>(
        sql`SELECT name, translit, polarity FROM review_tags ORDER BY polarity DESC, id`,
      );
      return rows;
    },

    async tagsByTranslit(translits: string[]): Promise<{ id: number; translit: string; polarity: number }[]> {
      if (translits.length === 0) return [];
      const { rows } = await db.execute<{ id: number; translit: string; polarity: number }>(
        sql`SELECT id, translit, polarity FROM review_tags
            WHERE translit IN (${sql.join(
              translits.map((t) => sql`${t}`),
              sql`, `,
            )})`,
      );
      return rows;
    },

    /**
     * The review, its tags, documents and first history line in one transaction. A visit booked
     * through the portal in that month (in Moscow's calendar) and over by now links the review to it. The unique
     * indexes on (user, subject, visit month) raise 23505 for a second review of one visit.
     * `beforeCommit` runs last inside the transaction (moving the documents into the store): if
     * it throws, nothing is saved.
     */
    async insertReview(r: NewReview, beforeCommit?: () => Promise<void>): Promise<number> {
      return db.transaction(async (tx) => {
        // The link is spent first: a second send with it waits for this row's lock and finds it used.
        if (
          r.invitation &&
          (await spendInvitation(tx, r.invitation.hash, r.now)) !== r.invitation.appointmentId
        )
          throw new DomainError('invitation_used', INVITATION_ERRORS.used, 410);
        const { rows: users } = await tx.execute<{ firstName: string | null; lastName: string | null }>(
          sql`SELECT first_name AS "firstName", last_name AS "lastName" FROM users WHERE id = ${r.userId}`,
        );
        const author = users[0];
        const authorName = author?.firstName
          ? `${author.firstName}${author.lastName ? ` ${author.lastName[0]}.` : ''}`
          : 'Пациент';
        const { rows: visits } = await tx.execute<{ id: number }>(sql`
          SELECT a.id FROM appointments a
          WHERE a.user_id = ${r.userId}
            AND ${r.kind === 'doctor' ? sql`a.doctor_id = ${r.subjectId}` : sql`a.clinic_id = ${r.subjectId}`}
            AND a.status IN ('active', 'done')
            -- Only a visit that has ended: a review (and its award) never comes before it.
            AND upper(a.during) <= ${r.now.toISOString()}::timestamptz
            AND date_trunc('month', lower(a.during) AT TIME ZONE 'Europe/Moscow') = ${r.visitMonth}::date
          ORDER BY lower(a.during) DESC LIMIT 1`);
        const appointmentId = r.invitation ? r.invitation.appointmentId : (visits[0]?.id ?? null);
        const [row] = await tx
          .insert(reviews)
          .values({
            doctorId: r.kind === 'doctor' ? r.subjectId : null,
            clinicId: r.kind === 'lpu' ? r.subjectId : null,
            userId: r.userId,
            appointmentId,
            authorName,
            text: r.text,
            sentiment: r.sentiment,
            status: 'pending',
            origin: 'site',
            isVerified: appointmentId !== null,
            isAnonymous: r.isAnonymous,
            assessments: r.assessments,
            score: r.score,
            visitDate: r.visitMonth,
            visitMonth: r.visitMonth,
            createdAt: r.now,
          })
          .returning({ id: reviews.id });
        if (r.tags.length)
          await tx
            .insert(reviewTagLinks)
            .values(r.tags.map((t) => ({ reviewId: row.id, tagId: t.id, liked: t.polarity >= 0 })));
        if (r.documents.length)
          await tx.insert(reviewDocuments).values(
            r.documents.map((d) => ({
              reviewId: row.id,
              fileName: d.fileName,
              mime: d.mime,
              size: d.size,
              storageKey: d.key,
            })),
          );
        await tx.insert(reviewHistory).values({
          reviewId: row.id,
          actorUserId: r.userId,
          fromStatus: null,
          toStatus: 'pending',
          // The trail says how the visit is known: the invitation of a visit booked on the site.
          reason: r.invitation ? INVITATION_TRAIL : null,
          at: r.now,
        });
        if (r.invitation) await linkInvitationReview(tx, r.invitation.appointmentId, row.id);
        await beforeCommit?.();
        return row.id;
      });
    },

    /** How many documents, and how many bytes, the user attached to reviews written since `since`. */
    async documentsSince(userId: number, since: Date): Promise<{ files: number; bytes: number }> {
      const { rows } = await db.execute<{ files: number; bytes: string | number }>(sql`
        SELECT count(d.id)::int AS files, coalesce(sum(d.size), 0)::bigint AS bytes
        FROM reviews r JOIN review_documents d ON d.review_id = r.id
        WHERE r.user_id = ${userId} AND r.created_at > ${since.toISOString()}::timestamptz`);
      return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
    },

    /** Which of these storage keys a review document refers to. */
    async knownDocumentKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const { rows } = await db.execute<{ key: string }>(sql`
        SELECT storage_key AS key FROM review_documents
        WHERE storage_key = ANY(${`{${keys.join(',')}}`}::text[])`);
      return new Set(rows.map((r) => r.key));
    },

    /** The review's state and whether it is about this side (a clinic answers for its doctors too). */
    async reviewForReply(
      reviewId: number,
      side: ReplySide,
    ): Promise<{ status: string; mine: boolean } | null> {
      const { rows } = await db.execute<{ status: string; mine: boolean }>(sql`
        SELECT r.status, coalesce(${aboutSide(side)}, false) AS mine
        FROM reviews r WHERE r.id = ${reviewId}`);
      return rows[0] ?? null;
    },

    /** A pending answer; the partial unique index allows one live answer per side (23505). */
    async insertReply(reply: {
      reviewId: number;
      side: 'doctor' | 'clinic';
      userId: number;
      text: string;
      now: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(reviewReplies)
        .values({
          reviewId: reply.reviewId,
          authorKind: reply.side,
          userId: reply.userId,
          text: reply.text,
          status: 'pending',
          createdAt: reply.now,
        })
        .returning({ id: reviewReplies.id });
      return row.id;
    },

    /**
     * The inbox's page of shown reviews about this side, newest first, each with this side's live
     * answer, filtered by `f`; with each filter value's count (the other filters kept) and the
     * reviews' score sums by Moscow month since `trendFrom` (the doctor filter only).
     */
    async inbox(
      side: ReplySide,
      f: InboxFilter,
      limit: number,
      offset: number,
      trendFrom: Date,
    ): Promise<{
      rows: AboutMeRow[];
      counts: Omit<InboxCounts, 'doctors'> & { doctors: InboxCounts['doctors'] };
      trend: { month: string; count: number; scoreSum: number }[];
    }> {
      const answered = sql`EXISTS (SELECT 1 FROM review_replies a
        WHERE a.review_id = r.id AND a.author_kind = ${side.side} AND a.status <> 'deleted')`;
      const cond = {
        unanswered: f.unanswered ? sql`NOT ${answered}` : sql`true`,
        doctor: f.doctor ? sql`r.doctor_id = ${f.doctor}::int` : sql`true`,
        tone: f.tone ? sql`r.sentiment = ${f.tone}` : sql`true`,
        period: f.since ? sql`r.created_at >= ${f.since.toISOString()}::timestamptz` : sql`true`,
      };
      const except = (skip: keyof typeof cond) =>
        sql.join(
          (Object.keys(cond) as (keyof typeof cond)[]).filter((k) => k !== skip).map((k) => cond[k]),
          sql` AND `,
        );
      const all = sql.join(Object.values(cond), sql` AND `);
      const shown = sql`${aboutSide(side)} AND r.status IN ('published', 'resolved', 'unconfirmed')`;
      const { rows } = await db.execute<AboutMeRow>(sql`
        SELECT r.id, r.author_name AS "authorName", r.is_anonymous AS "isAnonymous", r.text, r.sentiment,
               r.status, r.created_at AS "createdAt",
               CASE WHEN r.doctor_id IS NOT NULL AND ${side.side} = 'clinic'
                    THEN (SELECT trim(d.last_name || ' ' || d.first_name) FROM doctors d WHERE d.id = r.doctor_id) END AS about,
               (SELECT json_build_object('text', a.text, 'status', a.status) FROM review_replies a
                 WHERE a.review_id = r.id AND a.author_kind = ${side.side} AND a.status <> 'deleted') AS reply
        FROM reviews r
        WHERE ${shown} AND ${all}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${limit} OFFSET ${offset}`);
      const since = (days: number) =>
        sql`r.created_at >= ${new Date(f.now.getTime() - days * 86_400_000).toISOString()}::timestamptz`;
      const { rows: c } = await db.execute<Record<string, number>>(sql`
        SELECT count(*) FILTER (WHERE ${all})::int AS total,
               count(*) FILTER (WHERE ${except('unanswered')} AND NOT ${answered})::int AS unanswered,
               count(*) FILTER (WHERE ${except('tone')} AND r.sentiment = 'positive')::int AS positive,
               count(*) FILTER (WHERE ${except('tone')} AND r.sentiment = 'neutral')::int AS neutral,
               count(*) FILTER (WHERE ${except('tone')} AND r.sentiment = 'negative')::int AS negative,
               count(*) FILTER (WHERE ${except('period')})::int AS p_all,
               count(*) FILTER (WHERE ${except('period')} AND ${since(30)})::int AS p30,
               count(*) FILTER (WHERE ${except('period')} AND ${since(90)})::int AS p90,
               count(*) FILTER (WHERE ${except('period')} AND ${since(365)})::int AS p365
        FROM reviews r WHERE ${shown}`);
      const k = c[0];
      const doctors =
        side.side === 'clinic'
          ? (
              await db.execute<{ id: number; name: string; count: number }>(sql`
                SELECT d.id, trim(d.last_name || ' ' || d.first_name) AS name, count(*)::int AS count
                FROM reviews r JOIN doctors d ON d.id = r.doctor_id
                WHERE ${shown} AND ${except('doctor')}
                GROUP BY d.id, d.last_name, d.first_name
                ORDER BY count(*) DESC, d.last_name, d.id`)
            ).rows
          : [];
      const { rows: trend } = await db.execute<{ month: string; count: number; scoreSum: number }>(sql`
        SELECT to_char(date_trunc('month', r.created_at AT TIME ZONE 'Europe/Moscow'), 'YYYY-MM') AS month,
               count(*)::int AS count, sum(r.score)::float8 AS "scoreSum"
        FROM reviews r
        WHERE ${shown} AND ${cond.doctor} AND r.created_at >= ${trendFrom.toISOString()}::timestamptz
        GROUP BY 1`);
      return {
        rows,
        counts: {
          total: k.total,
          unanswered: k.unanswered,
          tone: { positive: k.positive, neutral: k.neutral, negative: k.negative },
          period: { all: k.p_all, '30': k.p30, '90': k.p90, '365': k.p365 },
          doctors,
        },
        trend: trend.map((t) => ({ ...t, count: Number(t.count), scoreSum: Number(t.scoreSum) })),
      };
    },
  };
}

/**
 * Spends an invitation's link in the review's transaction: the row is locked and marked used
 * only if it is still unused, unexpired and its visit neither cancelled nor missed. Two sends at
 * once: the second waits for the first's lock and finds it used. The visit it was for, or null.
 */
async function spendInvitation(tx: DbTx, hash: string, now: Date): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    UPDATE review_invitations i SET used_at = ${now.toISOString()}::timestamptz
    FROM appointments a
    WHERE i.token_hash = ${hash} AND i.used_at IS NULL
      AND i.expires_at > ${now.toISOString()}::timestamptz
      AND a.id = i.appointment_id AND a.status IN ('active', 'done')
    RETURNING i.appointment_id AS id`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The review written by the invitation's link. */
async function linkInvitationReview(tx: DbTx, appointmentId: number, reviewId: number) {
  await tx.execute(
    sql`UPDATE review_invitations SET review_id = ${reviewId} WHERE appointment_id = ${appointmentId}`,
  );
}
