/**
 * What crosses between the pages and the server about reviews (ADR 005): each call's params,
 * query, body and reply, and the shapes the reviews pages' loaders hand to their widgets.
 * The staff's side is in moderation-contracts.ts; the rules behind both (rating, trust, writing,
 * moderation) live beside these files.
 */
import { z } from 'zod';
import { MAX_ID, textInput } from '../http/contracts';
import { FAKE_WARNINGS } from './fake-warning';
import { INBOX_PERIODS, type InboxPeriod } from './inbox';
import { INVITATION_ERRORS, INVITE_TOKEN_PATTERN } from './invitation';
import { MAX_STARS } from './rating';
import { isTagTranslit } from './tags';
import { REVIEW_TYPES } from './types';
import {
  REPLY_TEXT_MAX,
  REPLY_TEXT_MIN,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  type ReviewSubjectKind,
  textTooShort,
  visitMonthOptions,
  WRITE_ERRORS,
} from './write';

export const SentimentSchema = z.enum(['positive', 'neutral', 'negative']);
export const FakeWarningSchema = z.enum(FAKE_WARNINGS);
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export const SubjectKindSchema = z.enum(['doctor', 'lpu']);

/** Whose reviews: a doctor's or a clinic's ('lpu'). */
export type ReviewSubject = { kind: ReviewSubjectKind; id: number };

/** A moment as the replies carry it: an ISO 8601 string. */
export const Instant = z.string();

// ─── Reading: the reviews call, the filter, the tags block, the author's trust ───

/** A page of the reviews call: 10 on desktop, 20 on phones. */
export const REVIEWS_PAGE_SIZES = [10, 20] as const;

const SUBJECT_ID = 'Отсутствует идентификатор отзыва или его тип';
const PAGE = 'Некорректный номер страницы';

export const ReviewsParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, SUBJECT_ID)
    .transform(Number)
    .refine((n) => n > 0, SUBJECT_ID),
});

export const ReviewsQuerySchema = z.object({
  page: z
    .string(PAGE)
    .regex(/^\d{1,5}$/, PAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE)
    .default(1),
  ratetype: z.enum(REVIEW_TYPES, 'Неизвестный тип отзывов').default('all'),
  page_size: z
    .enum(REVIEWS_PAGE_SIZES.map(String) as ['10', '20'], 'Размер страницы: 10 или 20')
    .transform(Number)
    .default(10),
  /** A tag's translit: only the reviews that mention it. */
  tag: z.string().refine(isTagTranslit, 'Некорректный тег').optional(),
});
export type ReviewsQuery = z.input<typeof ReviewsQuerySchema>;

/** The cards of a page as HTML (built and escaped on the server) and the next page's number. */
export const ReviewsPageSchema = z.object({
  template: z.string(),
  next_page_number: z.number().int().nullable(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

/** At most this many review ids in one beacon (a long session's page of reviews). */
const MAX_SEEN = 200;
const SeenIds = z.array(z.number().int().positive().max(MAX_ID)).max(MAX_SEEN).default([]);

/**
 * The rate-metrics beacon: the form field `rates_id` holds JSON {lpu_rates_id, doctor_rates_id},
 * the reviews seen for two seconds.
 */
export const RatesSeenBodySchema = z.object({
  rates_id: z
    .string('Не передан rates_id')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'rates_id: некорректный JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.object(
        { lpu_rates_id: SeenIds, doctor_rates_id: SeenIds },
        'rates_id: ожидаются lpu_rates_id и doctor_rates_id',
      ),
    ),
});
export type RatesSeenBody = z.input<typeof RatesSeenBodySchema>;

const PatientId = z
  .string()
  .regex(/^\d{0,9}$/, 'Некорректный идентификатор пациента')
  .optional()
  .transform((s) => (s ? Number(s) : null));

/**
 * The author's trust profile: `patient_id`, or `patient_mobile_id` (the mobile app signs in with
 * the same account, so it is the same id); the first wins when both are given.
 */
export const PatientProfileQuerySchema = z
  .object({ patient_id: PatientId, patient_mobile_id: PatientId })
  .transform((q, ctx) => {
    const userId = q.patient_id || q.patient_mobile_id;
    if (userId) return { userId };
    ctx.addIssue({ code: 'custom', message: 'Не указан пациент' });
    return z.NEVER;
  });
export type PatientProfileQuery = z.input<typeof PatientProfileQuerySchema>;

export const TrustCriterionSchema = z.object({ title: z.string(), can_trust: z.boolean() });
export type TrustCriterion = z.infer<typeof TrustCriterionSchema>;

export const TrustSchema = z.object({
  trust_percent: z.number(),
  can_trust: z.boolean(),
  trust_criteria: z.array(TrustCriterionSchema),
});
export type Trust = z.infer<typeof TrustSchema>;

/** How far a review's author can be trusted; counts only, never the phone or the name. */
export const PatientProfileSchema = TrustSchema.extend({
  count_rates_positive: z.number().int(),
  count_rates_negative: z.number().int(),
  /** Reviews deleted by moderation. */
  count_rates_canceled: z.number().int(),
  /** Shown reviews without a single rated criterion. */
  count_rates_without_mark: z.number().int(),
  count_appointments: z.number().int(),
});
export type PatientProfile = z.infer<typeof PatientProfileSchema>;

/** A tag of the block 'Пациенты упоминали в отзывах', with how often it was liked and disliked. */
export const ReviewTagSchema = z.object({
  name: z.string(),
  translit: z.string(),
  countLikedRates: z.number().int(),
  countDislikedRates: z.number().int(),
});
export type ReviewTag = z.infer<typeof ReviewTagSchema>;

/** One choice of the reviews filter: value, title, amount, disabled when empty. */
export const ReviewTypeOptionSchema = z.object({
  value: z.enum(REVIEW_TYPES),
  title: z.string(),
  amount: z.number().int(),
  disabled: z.boolean(),
});
export type ReviewTypeOption = z.infer<typeof ReviewTypeOptionSchema>;

export const ReviewCountsSchema = z.record(z.enum(REVIEW_TYPES), z.number().int());
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;

/** The subject of a reviews page: its name, its page and the fake-review banner staff put on it. */
export const ReviewsHeadSchema = z.object({
  name: z.string(),
  townSlug: z.string(),
  slug: z.string(),
  fakeWarning: FakeWarningSchema.nullable(),
  /** '/moskva/vrach/12-ivanova-anna-petrovna/'. */
  url: z.string(),
  tz: z.string(),
  /** The public 0–5 rating and the reviews it counts. */
  rating: z.number(),
  reviewsCount: z.number().int(),
});
export type ReviewsHead = z.infer<typeof ReviewsHeadSchema>;

/** The reviews page's first screen: heading, counts per type, tags block and the first page. */
export const ReviewsFirstScreenSchema = z.object({
  head: ReviewsHeadSchema,
  counts: ReviewCountsSchema,
  tags: z.array(ReviewTagSchema),
  first: ReviewsPageSchema,
  /** The first page's shown reviews for the page's JSON-LD (core/seo/json-ld.ts). */
  ld: z.array(
    z.object({
      authorName: z.string(),
      createdAt: z.string(),
      text: z.string(),
      stars: z.number().nullable(),
    }),
  ),
});
export type ReviewsFirstScreen = z.infer<typeof ReviewsFirstScreenSchema>;

// ─── Writing: reviews and answers ───

/**
 * The review form's fields as the server reads them (JSON, or the text fields of a multipart
 * form with `documents` files). Assessments come as stars 1–5 per criterion, or empty when not
 * rated; at least one criterion must be rated. The months offered depend on today.
 */
export function reviewBodySchema(now: Date) {
  const months = new Set(visitMonthOptions(now));
  return z
    .object({
      doctor_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
      lpu_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
      text: textInput('Напишите отзыв')
        .transform((s) => s.trim().replace(/\r\n/g, '\n'))
        .superRefine((s, ctx) => {
          if (s.length < REVIEW_TEXT_MIN) ctx.addIssue({ code: 'custom', message: textTooShort(s.length) });
          else if (s.length > REVIEW_TEXT_MAX)
            ctx.addIssue({ code: 'custom', message: `Не длиннее ${REVIEW_TEXT_MAX} символов` });
        }),
      stars: z
        .array(z.union([z.coerce.number().int().min(1).max(MAX_STARS), z.null()]), 'Поставьте оценки')
        .refine((a) => a.some((v) => v !== null), 'Поставьте хотя бы одну оценку'),
      visit_month: textInput('Укажите, когда вы были на приёме').refine((m) => months.has(m), {
        message: 'Укажите, когда вы были на приёме',
      }),
      tags: z
        .array(z.string().regex(/^[a-z0-9-]{1,80}$/, WRITE_ERRORS.unknownTag))
        .max(10)
        .default([]),
      is_anonymous: z.coerce.boolean().default(false),
      /** The invitation's link after the visit (core/reviews/invitation.ts): it says who writes and of which visit. */
      invite: z.string().regex(INVITE_TOKEN_PATTERN, INVITATION_ERRORS.unknown).optional(),
    })
    .superRefine((v, ctx) => {
      if ((v.doctor_id === undefined) === (v.lpu_id === undefined))
        ctx.addIssue({ code: 'custom', path: ['subject'], message: WRITE_ERRORS.subject });
    });
}
export type ReviewBody = z.input<ReturnType<typeof reviewBodySchema>>;

/** A doctor's or a clinic's answer to a review. */
export const ReplyBodySchema = z.object({
  text: textInput('Напишите ответ')
    .transform((s) => s.trim())
    .superRefine((s, ctx) => {
      if (s.length < REPLY_TEXT_MIN)
        ctx.addIssue({
          code: 'custom',
          message: `Ответ слишком короткий: не меньше ${REPLY_TEXT_MIN} символов`,
        });
      else if (s.length > REPLY_TEXT_MAX)
        ctx.addIssue({ code: 'custom', message: `Не длиннее ${REPLY_TEXT_MAX} символов` });
    }),
});
export type ReplyBody = z.input<typeof ReplyBodySchema>;

/** A new review or answer waits for moderation. */
export const AwaitingModerationSchema = z.object({ id: z.number().int(), status: z.literal('pending') });
export type AwaitingModeration = z.infer<typeof AwaitingModerationSchema>;

/** A review's or an answer's number in the path. */
export const ReviewIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Некорректный идентификатор')
    .transform(Number),
});

export const PageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,5}$/, PAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE)
    .default(1),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

/** What the review form's page offers: the subject, criteria, tags, months, and who may write. */
export const ReviewFormContextSchema = z.object({
  kind: SubjectKindSchema,
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  criteria: z.array(z.string()).readonly(),
  tags: z.array(z.object({ name: z.string(), translit: z.string(), polarity: z.number() })),
  months: z.array(z.string()),
  /** Why this viewer cannot write (null: the form is open). */
  refusal: z.string().nullable(),
  /** The refusal is mended by signing in as a patient (with a confirmed phone). */
  signInToWrite: z.boolean(),
  /** Opened by an invitation's link: its token, sent back with the review (the visit's month is the only one). */
  invite: z.string().optional(),
});
export type ReviewFormContext = z.infer<typeof ReviewFormContextSchema>;

/** A review about the signed-in doctor or clinic, with this side's answer and its state. */
export const CabinetReviewSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  isAnonymous: z.boolean(),
  text: z.string(),
  sentiment: SentimentSchema,
  status: z.string(),
  createdAt: Instant,
  /** The doctor a clinic's review is about, or null for the clinic itself. */
  about: z.string().nullable(),
  reply: z.object({ text: z.string(), status: z.string() }).nullable(),
});
export type CabinetReview = z.infer<typeof CabinetReviewSchema>;

/** The inbox's filters (core/reviews/inbox.ts): each optional; '1' for 'без ответа'. */
export const CabinetReviewsQuerySchema = PageQuerySchema.extend({
  unanswered: z.enum(['1'], { error: 'Фильтр «без ответа»: 1' }).optional(),
  doctor: z
    .string()
    .regex(/^\d{1,9}$/, 'Неверный врач')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, 'Неверный врач')
    .optional(),
  tone: z
    .enum(['positive', 'neutral', 'negative'], { error: 'Тон: positive, neutral или negative' })
    .optional(),
  period: z
    .enum(Object.keys(INBOX_PERIODS) as [InboxPeriod, ...InboxPeriod[]], {
      error: 'Период: 30, 90 или 365 дней',
    })
    .optional(),
});
export type CabinetReviewsQuery = z.input<typeof CabinetReviewsQuerySchema>;
export type CabinetReviewsFilter = z.output<typeof CabinetReviewsQuerySchema>;

/** How many reviews each filter's value would show, the other filters kept. */
export const InboxCountsSchema = z.object({
  /** The list as filtered. */
  total: z.number().int(),
  unanswered: z.number().int(),
  tone: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
  period: z.object({
    all: z.number().int(),
    '30': z.number().int(),
    '90': z.number().int(),
    '365': z.number().int(),
  }),
  /** A clinic's doctors with reviews, most first (empty for a doctor). */
  doctors: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

/** The mean rating (stars) by month for the last 12 months, and its change (last 6 against the 6 before). */
export const RatingTrendSchema = z.object({
  months: z.array(z.object({ month: z.string(), count: z.number().int(), average: z.number().nullable() })),
  change: z.number().nullable(),
});
export type RatingTrend = z.infer<typeof RatingTrendSchema>;

export const CabinetReviewsSchema = z.object({
  items: z.array(CabinetReviewSchema),
  hasNext: z.boolean(),
  counts: InboxCountsSchema,
  trend: RatingTrendSchema,
});
export type CabinetReviews = z.infer<typeof CabinetReviewsSchema>;

// ─── Awards: 300 ₽ off a booked visit for a published review of a visit booked here ───

/** A discount of the patient's: free, or applied to the upcoming visit `appointmentId`. */
export const ReviewAwardSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  createdAt: Instant,
  /** What the review was about. */
  subjectName: z.string(),
  appointmentId: z.number().int().nullable(),
});
export type ReviewAward = z.infer<typeof ReviewAwardSchema>;

export const ReviewAwardsSchema = z.object({ awards: z.array(ReviewAwardSchema) });
export type ReviewAwards = z.infer<typeof ReviewAwardsSchema>;

export const AppointmentParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Некорректный номер записи')
    .transform(Number),
});

export const AwardAppliedSchema = z.object({ amount: z.number() });
export type AwardApplied = z.infer<typeof AwardAppliedSchema>;

/** The appointment page: the discount applied to the visit, or the one the patient could apply. */
export const AppointmentAwardSchema = z.object({
  applied: z.number().nullable(),
  available: z.number().nullable(),
});
export type AppointmentAward = z.infer<typeof AppointmentAwardSchema>;
