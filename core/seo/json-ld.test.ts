import { describe, expect, it } from 'vitest';
import { localDate, medicalSpecialties, openingHoursLd, reviewsLd } from './json-ld';

describe('medicalSpecialties', () => {
  it('maps specialities to schema.org values, each once, and leaves out those without one', () => {
    expect(medicalSpecialties(['kardiolog', 'aritmolog', 'allergolog', 'detskiy-lor'])).toEqual([
      'https://schema.org/Cardiovascular',
      'https://schema.org/Otolaryngologic',
      'https://schema.org/Pediatric',
    ]);
    expect(medicalSpecialties(['oftalmolog', 'kosmetolog'])).toEqual([]);
  });
});

describe('reviewsLd', () => {
  it("dates a review by the town's day, not UTC's", () => {
    // 22:30 UTC on the 22nd is already the 23rd in Novosibirsk (UTC+7) but not in Moscow.
    const review = { authorName: 'Анна', createdAt: '2026-11-22T22:30:00Z', text: 'Хорошо' };
    expect(reviewsLd([review], 'Asia/Novosibirsk')[0].datePublished).toBe('2026-11-23');
    expect(reviewsLd([review], 'Europe/Moscow')[0].datePublished).toBe('2026-11-23');
    expect(reviewsLd([review], 'Europe/Kaliningrad')[0].datePublished).toBe('2026-11-23');
    expect(localDate('2026-11-22T20:30:00Z', 'Europe/Kaliningrad')).toBe('2026-11-22');
    expect(localDate('2026-11-22T20:30:00Z', 'Asia/Novosibirsk')).toBe('2026-11-23');
  });

  it('carries reviewRating only when the review rated something', () => {
    const base = { authorName: 'Анна', createdAt: '2026-11-22T10:00:00Z', text: 'Хорошо' };
    const [rated, unrated] = reviewsLd([{ ...base, stars: 4.5 }, base], 'Europe/Moscow');
    expect(rated.reviewRating).toEqual({
      '@type': 'Rating',
      ratingValue: 4.5,
      bestRating: 5,
      worstRating: 0,
    });
    expect(unrated).not.toHaveProperty('reviewRating');
  });
});

describe('openingHoursLd', () => {
  it('groups days with the same hours and leaves out closed days', () => {
    expect(
      openingHoursLd([
        { weekday: 2, opens: '09:00:00', closes: '21:00:00' },
        { weekday: 1, opens: '09:00', closes: '21:00' },
        { weekday: 6, opens: '10:00', closes: '24:00' },
        { weekday: 7, opens: null, closes: null },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday'],
        opens: '09:00',
        closes: '21:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '23:59' },
    ]);
  });
});
