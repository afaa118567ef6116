import type { ClinicPage } from '../../../core/clinic/contracts';
import { aggregateRatingLd, openingHoursLd, reviewsLd } from '../../../core/seo/json-ld';

/**
 * The clinic page's schema.org MedicalClinic, built by its loader: the page's `meta` only places
 * it (./clinic-meta.ts), so the JSON-LD code is not part of the page's scripts.
 */
export function clinicJsonLd(
  origin: string,
  c: ClinicPage,
  townName: string,
  tz: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    name: c.name,
    url: `${origin}${c.url}`,
    telephone: c.phones.map((p) => `+${p}`),
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.address,
      addressLocality: townName,
      addressCountry: 'RU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: c.lat, longitude: c.lon },
    ...aggregateRatingLd(c.rating, c.reviewsCount),
    review: reviewsLd(c.latestReviews, tz),
    openingHoursSpecification: openingHoursLd(c.hours),
  };
}
