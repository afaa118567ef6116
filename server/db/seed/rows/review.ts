import { reviewScore } from '../../../../core/reviews/rating';
import type { reviews } from '../../schema/reviews';
import type { Row } from '../bulk';
import type { Gender, Sentiment } from '../generate/data';
import type { Rng } from '../generate/random';
import { reviewAssessments, reviewText } from '../generate/reviews';
import { dateOnly } from './time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const DELETED_REASONS = [
  'Отзыв оставлен не пациентом',
  'Повторный отзыв о том же приёме',
  'Нецензурные выражения',
  'Отзыв не относится к работе врача',
  'Удалён по просьбе автора',
];

/** About 70% praise, 15% lukewarm, 15% complaints. */
export function pickSentiment(rng: Rng): Sentiment {
  const x = rng.next();
  return x < 0.7 ? 'positive' : x < 0.85 ? 'neutral' : 'negative';
}

export interface ReviewRowInput {
  id: number;
  doctorId: number | null;
  clinicId: number | null;
  userId: number | null;
  authorName: string;
  authorGender: Gender;
  sentiment: Sentiment;
  /** Text options: the doctor's speciality group and how the author addresses the doctor. */
  group: string;
  children: boolean;
  doctorGender: Gender;
  doctorFirstPatronymic: string | null;
  /** Earliest creation time (the author's registration), ms. */
  notBefore: number;
  now: Date;
}

/** A full reviews row: text, marks and a moderation history consistent with each other. */
export function reviewRow(rng: Rng, input: ReviewRowInput): Row<typeof reviews> {
  const now = input.now.getTime();
  const x = rng.next();
  const status =
    x < 0.04
      ? 'pending'
      : x < 0.1
        ? 'unconfirmed'
        : x < 0.15
          ? 'deleted'
          : input.sentiment === 'negative' && rng.chance(0.25)
            ? 'resolved'
            : 'published';
  // Pending reviews wait for moderation, so they are recent; the rest spread over six years.
  const from = status === 'pending' ? now - 14 * DAY : Math.max(input.notBefore, now - 6 * 365 * DAY);
  const createdAt = Math.floor((from + rng.next() * (now - from)) / 1000) * 1000;
  const assessments = reviewAssessments(rng, input.sentiment);
  const shown = status === 'published' || status === 'resolved';
  return {
    id: input.id,
    doctorId: input.doctorId,
    clinicId: input.clinicId,
    userId: input.userId,
    appointmentId: null,
    authorName: input.authorName,
    text: reviewText(rng, {
      sentiment: input.sentiment,
      group: input.group,
      doctorGender: input.doctorGender,
      doctorFirstPatronymic: input.doctorFirstPatronymic,
      authorGender: input.authorGender,
      children: input.children,
    }),
    sentiment: input.sentiment,
    status,
    origin: rng.chance(0.7) ? 'site' : rng.chance(0.75) ? 'app' : 'call_centre',
    isVerified: rng.chance(0.6),
    isAnonymous: rng.chance(0.07),
    assessments,
    score: reviewScore(
      assessments.map((a) => a.value),
      input.sentiment,
    ),
    visitDate: dateOnly(new Date(createdAt - rng.int(0, 20) * DAY)),
    visitMonth: null,
    views: 0,
    deletedReason: status === 'deleted' ? rng.pick(DELETED_REASONS) : null,
    createdAt: new Date(createdAt),
    publishedAt: shown ? new Date(Math.min(now, createdAt + rng.int(1, 72) * HOUR)) : null,
  };
}
