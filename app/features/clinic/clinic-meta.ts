import type { MetaDescriptor } from 'react-router';
import type { ClinicPage } from '../../../core/clinic/contracts';
import { clinicsUrl } from '../../../core/directory/list-urls';
import { openingHoursLd } from '../../../core/seo/json-ld';
import type { Town } from '../../../core/towns/contracts';
import { aggregateRatingLd, breadcrumbLd, pageMeta, reviewsLd } from '../../lib/seo';

/** The clinic page's title, description, canonical URL, MedicalClinic and BreadcrumbList. */
export function clinicPageMeta(
  origin: string,
  c: ClinicPage,
  town: Pick<Town, 'slug' | 'name' | 'nameIn' | 'nameGen' | 'tz'>,
): MetaDescriptor[] {
  return pageMeta({
    title: `${c.name} — ${c.address}, ${town.name}: отзывы, цены, врачи`,
    description: `${c.name} ${town.nameIn}, ${c.address}. Отзывы пациентов, врачи, цены на услуги, часы работы и телефон.`,
    canonical: `${origin}${c.url}`,
    jsonLd: [
      clinicJsonLd(origin, c, town.name, town.tz),
      breadcrumbLd(origin, [
        { name: `Клиники ${town.nameGen}`, path: clinicsUrl(town.slug) },
        { name: c.name, path: c.url },
      ]),
    ],
  });
}

function clinicJsonLd(origin: string, c: ClinicPage, townName: string, tz: string) {
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
