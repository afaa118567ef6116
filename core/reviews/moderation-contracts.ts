/**
 * What crosses between the staff's moderation page and the server (ADR 005): the queue, moderating
 * reviews and answers, and the fake-review banners. The shapes shared with the other reviews
 * calls are in contracts.ts.
 */
import { z } from 'zod';
import { MAX_ID, textInput } from '../http/contracts';
import {
  FakeWarningSchema,
  Instant,
  PageQuerySchema,
  ReviewStatusSchema,
  SentimentSchema,
  SubjectKindSchema,
} from './contracts';
import { FAKE_WARNINGS } from './fake-warning';
import { REVIEW_STATUSES } from './write';

export const QUEUE_STATUSES = REVIEW_STATUSES;

const queryId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, message)
    .optional();

const queryDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), message)
    .optional();
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const QueueQuerySchema = PageQuerySchema.extend({
  status: z.enum(QUEUE_STATUSES, 'Неизвестное состояние отзыва').default('pending'),
  /** A review number, or words of the text, the author or the subject. */
  q: textInput()
    .max(200, 'Запрос — не длиннее 200 символов')
    .transform((s) => s.trim() || null)
    .default(null),
  town: queryId('Неверный город'),
  clinic: queryId('Неверная клиника'),
  doctor: queryId('Неверный врач'),
  tone: z.enum(['positive', 'neutral', 'negative'], 'Тон: positive, neutral или negative').optional(),
  /** Written on or after this day (Moscow), 'YYYY-MM-DD'. */
  from: queryDay('Неверная дата «с»'),
  /** Written on or before this day (Moscow), 'YYYY-MM-DD'. */
  to: queryDay('Неверная дата «по»'),
  /** '1': only reviews with documents attached ('с документами'). */
  documents: z.enum(['1'], 'Фильтр «с документами»: 1').optional(),
});
export type QueueQuery = z.input<typeof QueueQuerySchema>;
export type QueueFilter = Pick<
  z.output<typeof QueueQuerySchema>,
  'town' | 'clinic' | 'doctor' | 'tone' | 'from' | 'to' | 'documents'
>;

export const QueueItemSchema = z.object({
  id: z.number().int(),
  status: ReviewStatusSchema,
  sentiment: SentimentSchema,
  subject: z.object({
    kind: SubjectKindSchema,
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    fakeWarning: FakeWarningSchema.nullable(),
  }),
  authorName: z.string(),
  userId: z.number().int().nullable(),
  isAnonymous: z.boolean(),
  viaPortal: z.boolean(),
  text: z.string(),
  assessments: z.array(z.object({ name: z.string(), value: z.number().nullable() })),
  visitDate: z.string().nullable(),
  deletedReason: z.string().nullable(),
  createdAt: Instant,
  documents: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), mime: z.string(), size: z.number().int() }),
  ),
  history: z.array(
    z.object({
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      reason: z.string().nullable(),
      at: Instant,
      /** Who made the change: the staff member's name (or 'Модератор №{id}'), the author for the first line. */
      actor: z.string().nullable(),
      actorId: z.number().int().nullable(),
      replyId: z.number().int().nullable(),
    }),
  ),
  replies: z.array(
    z.object({
      id: z.number().int(),
      authorKind: z.enum(['doctor', 'clinic']),
      text: z.string(),
      status: z.string(),
      createdAt: Instant,
    }),
  ),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** An answer waiting for moderation, with its review's text and the subject's page. */
export const PendingReplySchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  authorKind: z.enum(['doctor', 'clinic']),
  text: z.string(),
  createdAt: Instant,
  reviewText: z.string(),
  subjectUrl: z.string(),
});
export type PendingReply = z.infer<typeof PendingReplySchema>;

export const ModerationQueueSchema = z.object({
  items: z.array(QueueItemSchema),
  hasNext: z.boolean(),
  /** Reviews waiting for moderation, in all. */
  pendingCount: z.number().int(),
  /** Reviews in this state matching the filters and search, in all. */
  matching: z.number().int(),
  pendingReplies: z.array(PendingReplySchema),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

const REASON = textInput().max(500, 'Причина — не длиннее 500 символов').nullish();

/** At most this many reviews in one bulk decision. */
export const BULK_MAX = 50;

export const BULK_ERRORS = {
  reason: 'Укажите причину: она попадёт в историю каждого отзыва',
  ids: `Выберите от 1 до ${BULK_MAX} отзывов`,
} as const;

/**
 * Publish or reject (delete) several reviews at once, all or none; the reason is required for
 * both and goes into each review's history.
 */
export const BulkModerateBodySchema = z.object({
  ids: z
    .array(z.number().int().positive().max(MAX_ID), BULK_ERRORS.ids)
    .min(1, BULK_ERRORS.ids)
    .max(BULK_MAX, BULK_ERRORS.ids),
  action: z.enum(['publish', 'delete'], 'Неизвестное действие'),
  reason: REASON,
});
export type BulkModerateBody = z.input<typeof BulkModerateBodySchema>;

export const BulkModeratedSchema = z.object({
  /** The reviews' new state, each. */
  items: z.array(z.object({ id: z.number().int(), status: ReviewStatusSchema })),
});
export type BulkModerated = z.infer<typeof BulkModeratedSchema>;

export const ModerateBodySchema = z.object({
  action: z.enum(['publish', 'unconfirm', 'resolve', 'delete'], 'Неизвестное действие'),
  /** Required to delete. */
  reason: REASON,
});
export type ModerateBody = z.input<typeof ModerateBodySchema>;

/** The review's new state, and its subject's rating (0–5 stars, 0: none counts) and count after it. */
export const ModeratedSchema = z.object({
  status: ReviewStatusSchema,
  rating: z.number(),
  reviews_count: z.number().int(),
});
export type Moderated = z.infer<typeof ModeratedSchema>;

export const ModerateReplyBodySchema = z.object({
  action: z.enum(['publish', 'delete'], 'Неизвестное действие'),
  reason: REASON,
});
export type ModerateReplyBody = z.input<typeof ModerateReplyBodySchema>;

export const ReplyModeratedSchema = z.object({ status: z.enum(['published', 'deleted']) });
export type ReplyModerated = z.infer<typeof ReplyModeratedSchema>;

const SUBJECT = 'Укажите врача или клинику';

/** Puts the fake-review banner on a doctor's or a clinic's pages, or takes it off (null). */
export const FakeWarningBodySchema = z.object({
  kind: z.enum(['doctor', 'lpu'], SUBJECT),
  id: z.number(SUBJECT).int().positive(SUBJECT).max(MAX_ID, SUBJECT),
  warning: z.enum(FAKE_WARNINGS, 'Неизвестное предупреждение').nullable(),
});
export type FakeWarningBody = z.input<typeof FakeWarningBodySchema>;

export const FakeWarningSetSchema = z.object({ fake_warning: FakeWarningSchema.nullable() });
export type FakeWarningSet = z.infer<typeof FakeWarningSetSchema>;
