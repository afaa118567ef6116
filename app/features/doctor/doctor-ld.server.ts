import type { DoctorPage } from '../../../core/doctor/contracts';
import { aggregateRatingLd, medicalSpecialties, reviewsLd } from '../../../core/seo/json-ld';

/**
 * The doctor page's schema.org Physician, built by its loader: the page's `meta` only places it
 * (./doctor-meta.ts), so the JSON-LD code is not part of the page's scripts.
 */
export function doctorJsonLd(
  origin: string,
  d: DoctorPage,
  townName: string,
  tz: string,
): Record<string, unknown> {
  const specialties = medicalSpecialties(d.specialities.map((s) => s.translit));
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: d.fullName,
    url: `${origin}${d.url}`,
    // schema.org's enumeration values only; our names are in `knowsAbout`.
    ...(specialties.length > 0 ? { medicalSpecialty: specialties } : {}),
    knowsAbout: d.specialities.map((s) => s.name),
    address: d.workplaces.map((w) => ({
      '@type': 'PostalAddress',
      streetAddress: w.address,
      addressLocality: townName,
      addressCountry: 'RU',
    })),
    ...aggregateRatingLd(d.rating, d.reviewsCount),
    review: reviewsLd(d.latestReviews, tz),
  };
}
