import { preloadModule } from 'react-dom';
import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { formatLongDate, zonedDay } from '../../core/dates/zoned';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { hasFilters, parseDoctorListParams } from '../../core/directory/list-filters';
import { doctorsUrl } from '../../core/directory/list-urls';
import { loadDoctorList, requireSpeciality, townPlaceLinks } from '../features/directory/list-loaders.server';
import { doctorListMeta, townListCrumbs } from '../features/directory/list-meta';
import { doctorJsonLd } from '../features/doctor/doctor-ld.server';
import { doctorPageMeta } from '../features/doctor/doctor-meta';
import { loadAdSlots, topAdChunks } from '../features/promo/ads.server';
import { loadPromos, PROMO_TAG } from '../features/promo/promos.server';
import { keep, serverOnly } from '../lib/kept';
import { late } from '../lib/late';
import { lazyChunks } from '../lib/lazy-chunks.server';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors';

/** What a document of this route preloads anyway: the entry, the root, the shell and this module. */
const DOCUMENT_MODULES = [
  'app/entry.client.tsx',
  'app/root.tsx',
  'app/routes/shell.tsx',
  'app/routes/doctors.tsx',
];

export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const { directory } = context.services;
  const origin = context.origin;

  const entity = params.slug ? parseEntityPath(params.slug) : null;
  if (entity) {
    const doctor = await context.services.doctors.page(town, entity.id);
    if (!doctor) throw notFound();
    if (doctor.slug !== entity.slug) throw redirect(doctor.url, 301);
    const today = zonedDay(context.clock.now(), town.tz).date;
    // Dates are formatted here so the page's bundle need not carry the time-zone library.
    const reviewDates = Object.fromEntries(
      doctor.latestReviews.map((r) => [r.createdAt, formatLongDate(r.createdAt, town.tz)]),
    );
    const [promos, ads] = await Promise.all([
      loadPromos(context, { app: true }),
      loadAdSlots(context, town.id, { kind: 'doctor', version: doctor.softwareVersion }),
    ]);
    const chunks = serverOnly(lazyChunks('app/routes/doctors/doctor-page.tsx', DOCUMENT_MODULES));
    // The Physician JSON-LD: in the document's head, not again in its data (app/lib/seo.ts keptLd).
    const ld = keep(doctorJsonLd(origin, doctor, town.name, town.tz), { send: context.dataRequest });
    return cacheable(
      { kind: 'doctor' as const, town, origin, doctor, today, reviewDates, promos, ads, chunks, ld },
      [PROMO_TAG, pageTags.doctor(doctor.id), ...doctor.workplaces.map((w) => pageTags.clinic(w.clinicId))],
    );
  }

  const speciality = await requireSpeciality(context, params.slug);
  // A name search needs 2 characters (the header's field enforces it; a typed URL may not).
  const typed = url.searchParams.get('q')?.trim().toLowerCase().slice(0, 60) ?? '';
  const name = typed.length >= 2 ? typed : undefined;
  // The plain first page leads on to narrower lists: specialities, places, treatments.
  const { page, filters } = parseDoctorListParams(url.searchParams);
  const withLinks = !name && page === 1 && !hasFilters(filters);
  const [list, specialities, places, treatments, promos, ads] = await Promise.all([
    loadDoctorList(context, url, town, { specialityIds: speciality ? [speciality.id] : undefined, name }),
    withLinks && !speciality ? directory.townSpecialities(town) : Promise.resolve([]),
    townPlaceLinks(context, town, withLinks),
    withLinks && speciality
      ? context.services.lists.treatmentsOfSpeciality(speciality.id)
      : Promise.resolve([]),
    loadPromos(context, { award: true, app: true }),
    loadAdSlots(context, town.id),
  ]);
  const tags = [PROMO_TAG, pageTags.townLists(town.id), ...list.doctors.map((d) => pageTags.doctor(d.id))];
  return cacheable(
    {
      kind: 'list' as const,
      town,
      origin,
      speciality,
      query: name ?? '',
      // Links to narrower lists: in the HTML, not again in the document's data.
      links: keep(
        {
          specialities: specialities.map(({ namePlural, translit, count }) => ({
            namePlural,
            translit,
            count,
          })),
          ...places,
          treatments,
        },
        { send: context.dataRequest },
      ),
      promos,
      ads,
      chunks: serverOnly([
        ...lazyChunks('app/routes/doctors/doctor-list.tsx', DOCUMENT_MODULES),
        ...topAdChunks(ads, [...DOCUMENT_MODULES, 'app/routes/doctors/doctor-list.tsx']),
      ]),
      ...list,
    },
    tags,
  );
}

export const headers = cacheTagHeaders;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  if (d.kind === 'doctor') return doctorPageMeta(d.origin, d.doctor, d.town, d.ld);
  return doctorListMeta(d, {
    path: doctorsUrl(d.town.slug, d.speciality?.translit),
    heading: `${d.speciality ? d.speciality.namePlural : 'Врачи'} ${d.town.nameIn}`,
    crumbs: townListCrumbs(d.town, d.speciality),
  });
};

/**
 * The list and the doctor's page share this module's URL pattern but little else: each renders
 * from its own chunk, which the server asks the browser to preload beside this one (ADR 021), so
 * neither page's first load carries the other's code.
 */
const DoctorPage = late(() => import('./doctors/doctor-page').then((m) => m.default), { boundary: false });
const DoctorList = late(() => import('./doctors/doctor-list').then((m) => m.default), { boundary: false });

/** A navigation in the browser loads the page's chunk with its data, so it shows whole at once. */
export async function clientLoader({
  params,
  serverLoader,
}: Route.ClientLoaderArgs): Promise<Awaited<ReturnType<Route.ClientLoaderArgs['serverLoader']>>> {
  const code =
    params.slug && parseEntityPath(params.slug)
      ? DoctorPage.preload()
          .then(() => import('./doctors/doctor-page'))
          .then((m) => m.preloadSections())
      : DoctorList.preload();
  const [data] = await Promise.all([serverLoader(), code]);
  return data;
}

export default function Doctors({ loaderData: d }: Route.ComponentProps) {
  for (const href of d.chunks.value ?? []) preloadModule(href);
  return d.kind === 'doctor' ? <DoctorPage data={d} /> : <DoctorList data={d} />;
}
