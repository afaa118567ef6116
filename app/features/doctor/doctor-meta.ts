import type { MetaDescriptor } from 'react-router';
import { doctorsUrl } from '../../../core/directory/list-urls';
import type { DoctorPage } from '../../../core/doctor/contracts';
import { plural, WORDS } from '../../../core/text/plural';
import type { Town } from '../../../core/towns/contracts';
import type { Kept } from '../../lib/kept';
import { breadcrumbLd, keptLd, type LdObject, pageMeta } from '../../lib/seo';

/**
 * The doctor page's title, description, canonical URL, Physician and BreadcrumbList. The
 * Physician is the loader's (./doctor-ld.server.ts): its code stays on the server.
 */
export function doctorPageMeta(
  origin: string,
  doc: DoctorPage,
  town: Pick<Town, 'slug' | 'name' | 'nameIn' | 'nameGen'>,
  physician: Kept<LdObject>,
): MetaDescriptor[] {
  const specs = doc.specialities.map((s) => s.name.toLowerCase()).join(', ');
  return pageMeta({
    title: `${doc.fullName} — ${specs}, ${plural(doc.reviewsCount, WORDS.review)} — ${town.name}`,
    description: `${doc.fullName}: ${specs} ${town.nameIn}. ${doc.experience}. Отзывы пациентов, цены на приём, адреса клиник и запись онлайн.`,
    canonical: `${origin}${doc.url}`,
    jsonLd: [
      keptLd(physician, 'Physician'),
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
