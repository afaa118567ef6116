import { describe, expect, it } from 'vitest';
import {
  applyChange,
  assessmentStars,
  contribution,
  countsInRating,
  detailFactor,
  freshness,
  NO_REVIEWS,
  ratingOf,
  ratingStars,
  ratingTone,
  reviewScore,
  reviewWeight,
  starsTone,
} from './rating';

const NOW = new Date('2026-11-23T12:00:00Z');
const yearsAgo = (n: number) => new Date(NOW.getTime() - n * 365.25 * 86_400_000);

describe('a review’s score', () => {
  it('assessment −3 is 0 stars, 2 is 5 stars, null stays unrated', () => {
    expect([-3, -2, -1, 0, 1, 2].map(assessmentStars)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(assessmentStars(null)).toBeNull();
  });

  it('all criteria at 5★ score +2; all at 0★ score −2; a mean of 2.5★ scores 0', () => {
    expect(reviewScore([2, 2, 2], 'negative')).toBe(2);
    expect(reviewScore([-3, -3], 'positive')).toBe(-2);
    expect(reviewScore([2, -3], 'neutral')).toBe(0);
  });

  it('4★ and 5★ with one criterion unrated: mean 4.5★ → +1.6', () => {
    expect(reviewScore([1, 2, null], 'neutral')).toBeCloseTo(1.6);
  });

  it('without assessments the sentiment decides: positive +2, neutral 0, negative −2', () => {
    expect(reviewScore([], 'positive')).toBe(2);
    expect(reviewScore([null], 'neutral')).toBe(0);
    expect(reviewScore([], 'negative')).toBe(-2);
  });
});

describe('a review’s weight', () => {
  it('a 300-character text weighs 1.5, 100 characters 1, a short one 0.5', () => {
    expect([detailFactor(300), detailFactor(299), detailFactor(100), detailFactor(99)]).toEqual([
      1.5, 1, 1, 0.5,
    ]);
  });

  it('a two-year-old review weighs half of today’s, a four-year-old one a quarter', () => {
    const today = reviewWeight({ textLength: 150, createdAt: NOW });
    expect(
      reviewWeight({ textLength: 150, createdAt: new Date(NOW.getTime() - 730 * 86_400_000) }) / today,
    ).toBeCloseTo(0.5);
    expect(freshness(new Date(NOW.getTime() - 1460 * 86_400_000)) / freshness(NOW)).toBeCloseTo(0.25);
  });
});

describe('what counts', () => {
  it('only published reviews; a signed-out visitor’s review counts only before 25.06.2019', () => {
    const base = { status: 'published', userId: 7, createdAt: NOW };
    expect(countsInRating(base)).toBe(true);
    for (const status of ['pending', 'unconfirmed', 'resolved', 'deleted'])
      expect(countsInRating({ ...base, status })).toBe(false);
    expect(countsInRating({ ...base, userId: null })).toBe(false);
    expect(countsInRating({ ...base, userId: null, createdAt: new Date('2019-06-24T12:00:00Z') })).toBe(true);
    expect(countsInRating({ ...base, userId: null, createdAt: new Date('2019-06-25T00:00:00Z') })).toBe(
      false,
    );
  });
});

describe('the rating', () => {
  const review = (score: number, createdAt = NOW, textLength = 150) => ({
    status: 'published',
    userId: 1,
    createdAt,
    textLength,
    score,
  });
  const sum = (list: ReturnType<typeof review>[]) =>
    list.map(contribution).reduce((s, c) => applyChange(s, NO_REVIEWS, c), NO_REVIEWS);

  it('no reviews: 0, shown as 2.5★ in grey', () => {
    expect(ratingOf(NO_REVIEWS, NOW)).toBe(0);
    expect(ratingStars(0)).toBe(2.5);
    expect(ratingTone(0)).toBe('neutral');
  });

  it('one +2 review of today: (2×1) / (1 + 1 neutral) = +1 → 3.8★, green', () => {
    const r = ratingOf(sum([review(2)]), NOW);
    expect(r).toBeCloseTo(1);
    expect(ratingStars(r)).toBe(3.8);
    expect(ratingTone(r)).toBe('positive');
  });

  it('three +2 and one −2, all today: (6 − 2) / (4 + 1) = +0.8 → 3.5★', () => {
    const r = ratingOf(sum([review(2), review(2), review(2), review(-2)]), NOW);
    expect(r).toBeCloseTo(0.8);
    expect(ratingStars(r)).toBe(3.5);
  });

  it('an old −2 weighs less: today’s +2 and a four-year-old −2 give (2 − 0.5) / (1.25 + 1) = +0.67', () => {
    const r = ratingOf(sum([review(2), review(-2, new Date(NOW.getTime() - 1460 * 86_400_000))]), NOW);
    expect(r).toBeCloseTo(1.5 / 2.25);
  });

  it('a detailed −2 outweighs a short +2: (−3 + 1) / (1.5 + 0.5 + 1) = −0.67 → red', () => {
    const r = ratingOf(sum([review(-2, NOW, 400), review(2, NOW, 20)]), NOW);
    expect(r).toBeCloseTo(-2 / 3);
    expect(ratingTone(r)).toBe('negative');
    expect(ratingTone(-0.4)).toBe('neutral');
    expect(ratingTone(0.41)).toBe('positive');
  });

  it('updates incrementally: resolving the −2 takes it out, and the sums match a recount', () => {
    const negative = review(-2);
    const all = sum([review(2), review(2), negative]);
    const resolved = applyChange(
      all,
      contribution(negative),
      contribution({ ...negative, status: 'resolved' }),
    );
    const recount = sum([review(2), review(2)]);
    expect(resolved.weighted).toBeCloseTo(recount.weighted);
    expect(resolved.weights).toBeCloseTo(recount.weights);
    expect(ratingOf(resolved, NOW)).toBeCloseTo(4 / 3);
  });

  it('the same sums read a year later drift towards neutral only through the prior', () => {
    const sums = sum([review(2, yearsAgo(1))]);
    expect(ratingOf(sums, NOW)).toBeLessThan(1);
    expect(ratingOf(sums, NOW)).toBeGreaterThan(0);
  });
});

describe('the colour of the stars', () => {
  it('red below 2.0★ (rating −0.4), green above 3.0★ (+0.4), grey from 2.0 to 3.0', () => {
    expect(starsTone(1.9)).toBe('negative');
    expect(starsTone(2.0)).toBe('neutral');
    expect(starsTone(2.5)).toBe('neutral');
    expect(starsTone(3.0)).toBe('neutral');
    expect(starsTone(3.1)).toBe('positive');
    expect(starsTone(4.8)).toBe('positive');
  });
});
