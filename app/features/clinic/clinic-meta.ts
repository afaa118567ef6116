import type { MetaDescriptor } from 'react-router';
import type { ClinicPage } from '../../../core/clinic/contracts';
import { clinicsUrl } from '../../../core/directory/list-urls';
import type { Town } from '../../../core/towns/contracts';
import type { Kept } from '../../lib/kept';
import { breadcrumbLd, keptLd, type LdObject, pageMeta } from '../../lib/seo';

/**
 * The clinic page's title, description, canonical URL, MedicalClinic and BreadcrumbList. The
 * MedicalClinic is the loader's (./clinic-ld.server.ts): its code stays on the server.
 */
export function clinicPageMeta(
  origin: string,
  c: ClinicPage,
  town: Pick<Town, 'slug' | 'name' | 'nameIn' | 'nameGen'>,
  medicalClinic: Kept<LdObject>,
): MetaDescriptor[] {
  return pageMeta({
    title: `${c.name} — ${c.address}, ${town.name}: отзывы, цены, врачи`,
    description: `${c.name} ${town.nameIn}, ${c.address}. Отзывы пациентов, врачи, цены на услуги, часы работы и телефон.`,
    canonical: `${origin}${c.url}`,
    jsonLd: [
      keptLd(medicalClinic, 'MedicalClinic'),
      breadcrumbLd(origin, [
        { name: `Клиники ${town.nameGen}`, path: clinicsUrl(town.slug) },
        { name: c.name, path: c.url },
      ]),
    ],
  });
}
