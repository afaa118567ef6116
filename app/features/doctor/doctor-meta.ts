import type { MetaDescriptor } from 'react-router';
import { doctorsUrl } from '../../../core/directory/list-urls';
import type { DoctorPage } from '../../../core/doctor/contracts';
import { medicalSpecialties } from '../../../core/seo/json-ld';
import { plural, WORDS } from '../../../core/text/plural';
import type { Town } from '../../../core/towns/contracts';
import { aggregateRatingLd, breadcrumbLd, pageMeta, reviewsLd } from '../../lib/seo';

/** The doctor page's title, description, canonical URL, Physician and BreadcrumbList. */
export function doctorPageMeta(
  origin: string,
  doc: DoctorPage,
  town: Pick<Town, 'slug' | 'name' | 'nameIn' | 'nameGen' | 'tz'>,
): MetaDescriptor[] {
  const specs = doc.specialities.map((s) => s.name.toLowerCase()).join(', ');
  return pageMeta({
    title: `${doc.fullName} — ${specs}, ${plural(doc.reviewsCount, WORDS.review)} — ${town.name}`,
    description: `${doc.fullName}: ${specs} ${town.nameIn}. ${doc.experience}. Отзывы пациентов, цены на приём, адреса клиник и запись онлайн.`,
    canonical: `${origin}${doc.url}`,
    jsonLd: [
      doctorJsonLd(origin, doc, town.name, town.tz),
      breadcrumbLd(origin, [
        { name: `Врачи ${town.nameGen}`, path: doctorsUrl(town.slug) },
        ...doc.specialities
          .slice(0, 1)
          .map((s) => ({ name: s.name, path: doctorsUrl(town.slug, s.translit) })),
        { name: doc.fullName, path: doc.url },
      ]),
    ],
  });
}

function doctorJsonLd(origin: string, d: DoctorPage, townName: string, tz: string) {
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
