/**
 * Writing a review (docs/product/reviews.md): what a patient fills in and the rules the form and
 * the server share. Pure: no I/O. The form's schemas are in contracts.ts; the server
 * (server/modules/reviews/write/service.ts) adds the checks that need the database: who writes,
 * the one-review-per-visit rule, the booking link.
 */
import { plural, WORDS } from '../text/plural';
import { assessmentStars, MAX_STARS, type Sentiment } from './rating';

/** What patients rate about a doctor and about a clinic; each −3…2 (0–5 stars) or not rated. */
export const REVIEW_CRITERIA = {
  doctor: [
    'Эффективность лечения',
    'Отношение к пациенту',
    'Информирование пациента',
    'Посоветуете ли врача?',
  ],
  lpu: ['Отношение персонала', 'Организация приёма', 'Чистота и комфорт', 'Посоветуете ли клинику?'],
} as const;

export type ReviewSubjectKind = keyof typeof REVIEW_CRITERIA;

export const REVIEW_TEXT_MIN = 100;
export const REVIEW_TEXT_MAX = 5000;
export const REPLY_TEXT_MIN = 20;
export const REPLY_TEXT_MAX = 3000;
/** A visit older than this is too old to review; the form offers the months since. */
export const VISIT_MONTHS_BACK = 24;
export const MAX_REVIEW_DOCUMENTS = 3;
export const MAX_REVIEW_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const REVIEW_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const WRITE_ERRORS = {
  signIn: 'Войдите, чтобы оставить отзыв',
  notPatient: 'Отзывы оставляют пациенты: войдите как пациент',
  confirmPhone: 'Подтвердите номер телефона, чтобы оставить отзыв',
  /** An account asked to be deleted: it may neither book nor write any more. */
  deleting: 'С этого номера пока нельзя записаться на приём или оставить отзыв',
  duplicate: 'Вы уже оставили отзыв об этом визите. Один отзыв — за один месяц приёмов.',
  subject: 'Выберите врача или клинику, о которых пишете отзыв',
  unknownSubject: 'Врач или клиника не найдены',
  unknownTag: 'Неизвестный тег',
  documentType: 'Можно приложить только JPG, PNG или PDF',
  documentSize: 'Файл больше 5 МБ',
  documentCount: `Можно приложить не больше ${MAX_REVIEW_DOCUMENTS} файлов`,
} as const;

export function textTooShort(length: number): string {
  const left = REVIEW_TEXT_MIN - length;
  return `Расскажите подробнее: ещё ${plural(left, WORDS.symbol)} (не меньше ${REVIEW_TEXT_MIN})`;
}

/** 'YYYY-MM' of `now` minus `back` months (UTC calendar). */
export function monthKey(now: Date, back = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The months a visit may be in, newest first: this month and VISIT_MONTHS_BACK − 1 before it. */
export function visitMonthOptions(now: Date): string[] {
  return Array.from({ length: VISIT_MONTHS_BACK }, (_, i) => monthKey(now, i));
}

const RU_MONTHS = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

/** '2026-11' → 'Ноябрь 2026'. */
export function monthTitle(key: string): string {
  const [year, month] = key.split('-').map(Number);
  const name = RU_MONTHS[month - 1] ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

/**
 * The sentiment the card and the filter show, from the mean stars: 4 and up is praise, below
 * 2.5 a complaint, between them neutral. Unrated reviews are neutral.
 */
export function sentimentOf(values: readonly (number | null)[]): Sentiment {
  const stars = values.map(assessmentStars).filter((s): s is number => s !== null);
  if (stars.length === 0) return 'neutral';
  const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
  if (mean >= 4) return 'positive';
  if (mean < MAX_STARS / 2) return 'negative';
  return 'neutral';
}

/** Stars 0–5 as the form sends them → the stored value −3…2. */
export const starsToValue = (stars: number) => stars - 3;

/** Moderation: what staff can do to a review, and which state it leads to. */
export const MODERATION_ACTIONS = {
  publish: 'published',
  unconfirm: 'unconfirmed',
  resolve: 'resolved',
  delete: 'deleted',
} as const;

export type ModerationAction = keyof typeof MODERATION_ACTIONS;
export const REVIEW_STATUSES = ['pending', 'published', 'unconfirmed', 'resolved', 'deleted'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const MODERATION_ERRORS = {
  reason: 'Укажите причину удаления',
  same: 'Отзыв уже в этом состоянии',
  resolvePositive: 'Решённой можно отметить только жалобу: у отзыва нет претензий',
  notFound: 'Отзыв не найден',
  replyNotFound: 'Ответ не найден',
  replySame: 'Ответ уже в этом состоянии',
  documentNotFound: 'Документ не найден',
  subjectNotFound: 'Врач или клиника не найдены',
} as const;

/** Null when the change is allowed, else the reason it is not. */
export function moderationRefusal(
  review: { status: ReviewStatus; sentiment: Sentiment },
  action: ModerationAction,
  reason: string | null,
): string | null {
  const to = MODERATION_ACTIONS[action];
  if (review.status === to) return MODERATION_ERRORS.same;
  if (action === 'delete' && !reason?.trim()) return MODERATION_ERRORS.reason;
  if (action === 'resolve' && review.sentiment === 'positive') return MODERATION_ERRORS.resolvePositive;
  return null;
}

/** Shown on the page and counted in reviews_count: everything but pending and deleted. */
export const isShownStatus = (status: string) =>
  status === 'published' || status === 'resolved' || status === 'unconfirmed';

/** The file's real type from its first bytes (the name and the browser's type can lie), or null. */
export function sniffDocumentType(bytes: Uint8Array): (typeof REVIEW_DOCUMENT_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}
