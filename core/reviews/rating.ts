/**
 * The rating of a doctor or a clinic (docs/product/reviews.md), in the spirit of the market leader's published
 * formula. Written out for patients on the public page /rating/ (app/routes/rating.tsx).
 *
 * 1. Each review scores −2…+2. With assessments (each criterion −3…2, shown as 0–5 stars) the
 *    score is the mean of the stars mapped linearly onto −2…+2: 0★ → −2, 2.5★ → 0, 5★ → +2.
 *    Without any, the sentiment decides: positive +2, neutral 0, negative −2.
 * 2. Each review weighs detail × freshness. Detail: 1.5 for a text of 300 characters or more,
 *    1 from 100, 0.5 below. Freshness halves every two years (HALF_LIFE_DAYS), so a five-year-old
 *    review counts a fifth as much as today's.
 * 3. Only published reviews count: not pending, unconfirmed, resolved (the clinic fixed the
 *    problem: 'Оценка больше не влияет на рейтинг') or deleted ones. Since 25.06.2019 a review
 *    from a visitor who did not sign in does not count either.
 * 4. The rating is the weighted mean of the scores with one neutral review of weight 1 (as of
 *    now) added, so a single review cannot make a doctor the best or the worst in town.
 * 5. It is shown as 0–5 stars: (rating + 2) × 5 / 4. Below −0.4 it is shown in red, above 0.4
 *    in green, between them in grey.
 *
 * Freshness is measured from a fixed epoch (a review's weight grows with its date instead of
 * shrinking with its age): the ratio of two sums is the same either way, and the sums can then be
 * kept per doctor and clinic and changed by one review at a time (incremental updates).
 */

export const HALF_LIFE_DAYS = 730;
/** Freshness is counted from here: weights are 2^(days since the epoch / HALF_LIFE_DAYS). */
export const RATING_EPOCH_MS = Date.UTC(2010, 0, 1);
/** From this day a review by a visitor who did not sign in does not count (the card's tooltip says so). */
export const UNAUTHORISED_CUTOFF_MS = Date.UTC(2019, 5, 25);
/** The neutral review every rating starts with, weighed as a detailed-enough review of today. */
export const PRIOR_WEIGHT = 1;
export const TONE_THRESHOLD = 0.4;
export const MAX_STARS = 5;

const DAY_MS = 86_400_000;
const SENTIMENT_SCORE = { positive: 2, neutral: 0, negative: -2 } as const;

export type Sentiment = keyof typeof SENTIMENT_SCORE;

/** A review assessment's value −3…2 is 0–5 stars; null (not rated) stays null. */
export function assessmentStars(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.min(MAX_STARS, Math.max(0, Math.round(value) + 3));
}

/** A review's score, −2…+2: its assessments' mean stars, else its sentiment. */
export function reviewScore(assessments: readonly (number | null)[], sentiment: Sentiment): number {
  const stars = assessments.map(assessmentStars).filter((s): s is number => s !== null);
  if (stars.length === 0) return SENTIMENT_SCORE[sentiment];
  const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
  return ((mean - MAX_STARS / 2) * 4) / MAX_STARS;
}

/** Detailed reviews weigh more: 1.5 from 300 characters, 1 from 100, else 0.5. */
export function detailFactor(textLength: number): number {
  if (textLength >= 300) return 1.5;
  if (textLength >= 100) return 1;
  return 0.5;
}

/** Freshness from the epoch: doubles every HALF_LIFE_DAYS. */
export function freshness(at: Date): number {
  return 2 ** ((at.getTime() - RATING_EPOCH_MS) / DAY_MS / HALF_LIFE_DAYS);
}

/** A review's weight in its subject's sums (detail × freshness at its creation). */
export function reviewWeight(review: { textLength: number; createdAt: Date }): number {
  return detailFactor(review.textLength) * freshness(review.createdAt);
}

/** Whether a review counts: published, and signed in unless written before 25.06.2019. */
export function countsInRating(review: { status: string; userId: number | null; createdAt: Date }): boolean {
  if (review.status !== 'published') return false;
  return review.userId !== null || review.createdAt.getTime() < UNAUTHORISED_CUTOFF_MS;
}

/** The sums kept per doctor and clinic: Σ weight × score and Σ weight of the reviews that count. */
export interface RatingSums {
  weighted: number;
  weights: number;
}

export const NO_REVIEWS: RatingSums = { weighted: 0, weights: 0 };

/** A review's contribution to the sums (zero when it does not count). */
export function contribution(review: {
  status: string;
  userId: number | null;
  createdAt: Date;
  textLength: number;
  score: number;
}): RatingSums {
  if (!countsInRating(review)) return NO_REVIEWS;
  const weight = reviewWeight(review);
  return { weighted: weight * review.score, weights: weight };
}

/** The sums after a review changes state (or text): its old contribution out, its new one in. */
export function applyChange(sums: RatingSums, before: RatingSums, after: RatingSums): RatingSums {
  return {
    weighted: sums.weighted - before.weighted + after.weighted,
    weights: Math.max(0, sums.weights - before.weights + after.weights),
  };
}

/** The rating −2…+2 as of `now`: the weighted mean with one neutral review of today's weight. */
export function ratingOf(sums: RatingSums, now: Date): number {
  const prior = PRIOR_WEIGHT * freshness(now);
  const r = sums.weighted / (sums.weights + prior);
  return Math.min(2, Math.max(-2, r));
}

/** 0–5 stars, one decimal. */
export function ratingStars(rating: number): number {
  return Math.round(((rating + 2) * MAX_STARS * 10) / 4) / 10;
}

/** The rating's colour: red below −0.4, green above 0.4, grey between. */
export function ratingTone(rating: number): 'negative' | 'neutral' | 'positive' {
  if (rating < -TONE_THRESHOLD) return 'negative';
  if (rating > TONE_THRESHOLD) return 'positive';
  return 'neutral';
}

/**
 * The colour of a rating shown as stars: the rating behind them is stars × 4 / 5 − 2, so the
 * thresholds ±0.4 fall at 2.0★ and 3.0★ (red below 2.0, green above 3.0, grey between).
 */
export function starsTone(stars: number): 'negative' | 'neutral' | 'positive' {
  return ratingTone((stars * 4) / MAX_STARS - 2);
}

/** Below this Σ weight nothing counts any more (float crumbs of added and removed weights). */
export const EMPTY_WEIGHTS = 1e-9;

/**
 * The number kept in doctors.rating and clinics.rating (lists sort on it): the stars of the
 * rating as of `now`, or 0 when no review counts yet (the page then shows no stars).
 */
export function storedRating(sums: RatingSums, now: Date): number {
  if (sums.weights <= EMPTY_WEIGHTS) return 0;
  return ratingStars(ratingOf(sums, now));
}

/** Text length as the rating counts it: characters (code points), not UTF-16 units. */
export const textLength = (text: string) => Array.from(text).length;
