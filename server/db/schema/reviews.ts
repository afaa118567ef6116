import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { appointments } from './booking';
import { clinics } from './clinics';
import { doctors } from './doctors';

export const REVIEW_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
/** Moderation state; 'published' reviews show their sentiment. Nothing is hard-deleted. */
export const REVIEW_STATUSES = ['pending', 'published', 'unconfirmed', 'resolved', 'deleted'] as const;
export const REVIEW_ORIGINS = ['site', 'app', 'call_centre'] as const;

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    doctorId: integer().references(() => doctors.id),
    clinicId: integer().references(() => clinics.id),
    userId: integer().references(() => users.id),
    appointmentId: integer().references(() => appointments.id),
    authorName: text().notNull(),
    text: text().notNull(),
    sentiment: text({ enum: REVIEW_SENTIMENTS }).notNull(),
    status: text({ enum: REVIEW_STATUSES }).notNull().default('pending'),
    origin: text({ enum: REVIEW_ORIGINS }).notNull().default('site'),
    /** Author confirmed the visit (documents or booking through the portal). */
    isVerified: boolean().notNull().default(false),
    isAnonymous: boolean().notNull().default(false),
    /** Per-criterion values −3…2 (0–5 stars); null value = not rated. */
    assessments: jsonb().$type<{ name: string; value: number | null }[]>().notNull().default([]),
    /** −2…+2 contribution to the rating (core/reviews formula). */
    score: real().notNull().default(0),
    visitDate: date(),
    /**
     * First day of the visit's month for reviews written on the portal: one review per patient
     * per doctor (or clinic) per month of visits. Null for the imported history.
     */
    visitMonth: date(),
    /** How many times the card was seen (2 s on screen, the rate-metrics beacon). */
    views: integer().notNull().default(0),
    deletedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A type of the filter is a range of these (positive = published + positive, newest first);
    // the counts per type read them without the table.
    index('reviews_doctor').on(t.doctorId, t.status, t.sentiment, t.createdAt.desc().nullsFirst()),
    index('reviews_clinic').on(t.clinicId, t.status, t.sentiment, t.createdAt.desc().nullsFirst()),
    // 'Все': the shown reviews newest first, so a page reads its ten rows, not all of them.
    index('reviews_doctor_shown')
      .on(t.doctorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} IN ('published', 'resolved', 'unconfirmed')`),
    index('reviews_clinic_shown')
      .on(t.clinicId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} IN ('published', 'resolved', 'unconfirmed')`),
    index('reviews_user').on(t.userId),
    index('reviews_pending').on(t.status, t.createdAt),
    uniqueIndex('reviews_one_per_visit_doctor')
      .on(t.userId, t.doctorId, t.visitMonth)
      .where(sql`${t.visitMonth} IS NOT NULL AND ${t.doctorId} IS NOT NULL AND ${t.status} <> 'deleted'`),
    uniqueIndex('reviews_one_per_visit_clinic')
      .on(t.userId, t.clinicId, t.visitMonth)
      .where(
        sql`${t.visitMonth} IS NOT NULL AND ${t.doctorId} IS NULL AND ${t.clinicId} IS NOT NULL AND ${t.status} <> 'deleted'`,
      ),
  ],
);

export const reviewTags = pgTable('review_tags', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  translit: text().notNull().unique(),
  polarity: smallint().notNull().default(0),
});

/**
 * The tags block of each doctor and clinic ('Пациенты упоминали в отзывах'): how many of its
 * shown reviews liked and disliked each tag. Kept by moderation one review at a time (as the
 * rating), so a page reads a few rows however many reviews there are.
 */
export const reviewTagCounts = pgTable(
  'review_tag_counts',
  {
    subjectKind: text({ enum: ['doctor', 'lpu'] }).notNull(),
    subjectId: integer().notNull(),
    tagId: integer()
      .notNull()
      .references(() => reviewTags.id),
    liked: integer().notNull().default(0),
    disliked: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subjectKind, t.subjectId, t.tagId] })],
);

/** A tag a review mentions, liked or disliked ('Пациенты упоминали в отзывах'). */
export const reviewTagLinks = pgTable(
  'review_tag_links',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id),
    tagId: integer()
      .notNull()
      .references(() => reviewTags.id),
    liked: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.tagId] }), index('review_tag_links_tag').on(t.tagId)],
);

export const reviewReplies = pgTable(
  'review_replies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id),
    authorKind: text({ enum: ['doctor', 'clinic'] }).notNull(),
    userId: integer().references(() => users.id),
    text: text().notNull(),
    status: text({ enum: ['pending', 'published', 'deleted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_replies_review').on(t.reviewId),
    // One live answer per side: the doctor and the clinic may each answer once.
    uniqueIndex('review_replies_one_per_side')
      .on(t.reviewId, t.authorKind)
      .where(sql`${t.status} <> 'deleted'`),
    index('review_replies_pending').on(t.status, t.createdAt),
  ],
);

/** Every moderation change of a review, for the staff history. */
export const reviewHistory = pgTable(
  'review_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id),
    actorUserId: integer().references(() => users.id),
    /** Set when the change was to an answer rather than to the review itself. */
    replyId: integer().references(() => reviewReplies.id),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_history_review').on(t.reviewId, t.at)],
);

/** Documents attached to a review; visible to moderators only. */
export const reviewDocuments = pgTable(
  'review_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id),
    fileName: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull().default(0),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_documents_key').on(t.storageKey),
    index('review_documents_review').on(t.reviewId),
  ],
);

/**
 * The review award (the banner 'Получите 300 рублей за отзыв.', docs/product/reviews.md): a published
 * review of a visit booked through the portal gives its author a discount on a later booking.
 * Given once per review; taken back (revoked) if moderation deletes the review before the
 * discount is used; applied to one upcoming appointment, and freed again if that is cancelled.
 */
export const reviewAwards = pgTable(
  'review_awards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id),
    /** Roubles off the appointment's price. */
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * The upcoming visit it is applied to (appointments.id). No foreign key: appointments are
     * never deleted but for holds, which an award cannot be applied to, and the key's trigger
     * on every update and delete of appointments slowed the booking race and made its
     * exclusion-constraint waits deadlock more often.
     */
    appointmentId: integer(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_awards_review').on(t.reviewId),
    // One discount per appointment, whoever applies it twice at once.
    uniqueIndex('review_awards_appointment').on(t.appointmentId).where(sql`${t.appointmentId} IS NOT NULL`),
    index('review_awards_user').on(t.userId),
  ],
);

/**
 * The invitation to review a visit booked on the site, once it is over (docs/product/reviews.md,
 * 'Приглашение после приёма'; server/modules/reviews/invitations). One row per visit: the sweep
 * claims it (the primary key refuses a second), its job sends the SMS with a one-time link. Only
 * the link's SHA-256 is kept; the link opens the form for that patient and that visit until it
 * expires or a review is written by it.
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    /**
     * The visit (appointments.id). No foreign key, as review_awards: the key's trigger would run on
     * every update of appointments, the booking race's table.
     */
    appointmentId: integer().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** SHA-256 (hex) of the link's token; null until the SMS is sent. */
    tokenHash: text(),
    sentAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** Why no SMS went: the visit was cancelled or missed, or the patient had reviewed it already. */
    skipped: text({ enum: ['visit', 'reviewed', 'no_phone'] }),
    usedAt: timestamp({ withTimezone: true }),
    reviewId: integer().references(() => reviews.id),
  },
  (t) => [uniqueIndex('review_invitations_token').on(t.tokenHash).where(sql`${t.tokenHash} IS NOT NULL`)],
);
