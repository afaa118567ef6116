import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { formatLongDate, zonedDay } from '../../core/dates/zoned';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { hasFilters, parseDoctorListParams, TOWN_LIST_OPTIONS } from '../../core/directory/list-filters';
import {
  doctorsUrl,
  nearbyDoctorsUrl,
  onlineDoctorsUrl,
  placeDoctorsUrl,
  treatmentUrl,
} from '../../core/directory/list-urls';
import { reviewFormUrl } from '../../core/reviews/urls';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { DoctorFilters } from '../features/directory/doctor-filters';
import { DoctorList } from '../features/directory/doctor-list';
import { DoctorProfile, doctorJsonLd } from '../features/directory/doctor-profile';
import { LinkSection } from '../features/directory/link-section';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { FakeWarningBanner } from '../features/reviews/fake-warning-banner';
import { ReviewPowerLink } from '../features/reviews/review-power-link';
import { doctorReviewPayload } from '../features/reviews/review-power-payload';
import { ReviewTags } from '../features/reviews/review-tags';
import { ScheduleSlot } from '../features/schedule/schedule-slot';
import { loadDoctorList, requireSpeciality } from '../lib/doctor-list.server';
import { doctorListMeta } from '../lib/list-meta';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { breadcrumbLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const { directory } = context.services;
  const url = new URL(request.url);
  const origin = originOf(request);

  const entity = params.slug ? parseEntityPath(params.slug) : null;
  if (entity) {
    const doctor = await context.services.doctorPage.page(town, entity.id);
    if (!doctor) throw notFound();
    if (doctor.slug !== entity.slug) throw redirect(doctor.url, 301);
    const today = zonedDay(context.clock.now(), town.tz).date;
    // Dates are formatted here so the page's bundle need not carry the time-zone library.
    const reviewDates = Object.fromEntries(
      doctor.latestReviews.map((r) => [r.createdAt, formatLongDate(r.createdAt, town.tz)]),
    );
    return cacheable({ kind: 'doctor' as const, town, origin, doctor, today, reviewDates }, [
      pageTags.doctor(doctor.id),
      ...doctor.workplaces.map((w) => pageTags.clinic(w.clinicId)),
    ]);
  }

  const speciality = await requireSpeciality(context, params.slug);
  // A name search needs 2 characters (the header's field enforces it; a typed URL may not).
  const typed = url.searchParams.get('q')?.trim().toLowerCase().slice(0, 60) ?? '';
  const name = typed.length >= 2 ? typed : undefined;
  // The plain first page leads on to narrower lists: specialities, places, treatments.
  const { page, filters } = parseDoctorListParams(url.searchParams);
  const withLinks = !name && page === 1 && !hasFilters(filters);
  const { lists } = context.services;
  const [list, specialities, places, treatments] = await Promise.all([
    loadDoctorList(context, request, town, { specialityIds: speciality ? [speciality.id] : undefined, name }),
    withLinks && !speciality ? directory.townSpecialities(town) : Promise.resolve([]),
    withLinks ? lists.townPlaces(town) : Promise.resolve({ metro: [], districts: [] }),
    withLinks && speciality ? lists.treatmentsOfSpeciality(speciality.id) : Promise.resolve([]),
  ]);
  const placeLink = (p: { name: string; slug: string }) => ({ name: p.name, slug: p.slug });
  const tags = [pageTags.townLists(town.id), ...list.doctors.map((doc) => pageTags.doctor(doc.id))];
  return cacheable(
    {
      kind: 'list' as const,
      town,
      origin,
      speciality,
      query: name ?? '',
      specialities: specialities.map(({ namePlural, translit, count }) => ({ namePlural, translit, count })),
      metro: places.metro.map(placeLink),
      districts: places.districts.map(placeLink),
      treatments,
      ...list,
    },
    tags,
  );
}

export const headers = cacheTagHeaders;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  if (d.kind === 'doctor') {
    const doc = d.doctor;
    const specs = doc.specialities.map((s) => s.name.toLowerCase()).join(', ');
    return pageMeta({
      title: `${doc.fullName} — ${specs}, ${plural(doc.reviewsCount, WORDS.review)} — ${d.town.name}`,
      description: `${doc.fullName}: ${specs} ${d.town.nameIn}. ${doc.experience}. Отзывы пациентов, цены на приём, адреса клиник и запись онлайн.`,
      canonical: `${d.origin}${doc.url}`,
      jsonLd: [
        doctorJsonLd(d.origin, doc, d.town.name),
        breadcrumbLd(d.origin, [
          { name: `Врачи ${d.town.nameGen}`, path: `/${d.town.slug}/vrach/` },
          ...doc.specialities
            .slice(0, 1)
            .map((s) => ({ name: s.name, path: `/${d.town.slug}/vrach/${s.translit}/` })),
          { name: doc.fullName, path: doc.url },
        ]),
      ],
    });
  }
  return doctorListMeta({
    origin: d.origin,
    path: doctorsUrl(d.town.slug, d.speciality?.translit),
    heading: `${d.speciality ? d.speciality.namePlural : 'Врачи'} ${d.town.nameIn}`,
    filters: d.filters,
    page: d.page,
    total: d.total,
    doctors: d.doctors,
    crumbs: listCrumbs(d),
  });
};

/** 'Врачи Москвы' / 'Терапевты': the trail of a town or speciality list. */
function listCrumbs(d: {
  town: { slug: string; nameGen: string };
  speciality: { namePlural: string; translit: string } | null;
}) {
  return [
    { name: `Врачи ${d.town.nameGen}`, path: doctorsUrl(d.town.slug) },
    ...(d.speciality
      ? [{ name: d.speciality.namePlural, path: doctorsUrl(d.town.slug, d.speciality.translit) }]
      : []),
  ];
}

export default function Doctors({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} query={d.kind === 'list' ? d.query : ''} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {d.kind === 'doctor' ? (
          <DoctorProfile
            key={d.doctor.id}
            doctor={d.doctor}
            town={d.town}
            today={d.today}
            reviewDates={d.reviewDates}
            favourite={<FavouriteButton type="doctors" id={d.doctor.id} />}
            writeReview={(className) => (
              <ReviewPowerLink
                href={reviewFormUrl('doctor', d.doctor.id)}
                payload={doctorReviewPayload(d.doctor)}
                className={className}
              >
                Оставить отзыв
              </ReviewPowerLink>
            )}
            reviewExtras={
              <>
                <FakeWarningBanner warning={d.doctor.fakeWarning} subject="doctor" />
                <ReviewTags tags={d.doctor.reviewTags} redirect={{ path: `${d.doctor.url}otzivi/` }} />
              </>
            }
            schedule={(clinicId) => (
              <ScheduleSlot
                doctorId={d.doctor.id}
                lpuId={clinicId}
                tz={d.town.tz}
                search=""
                source="doctor_page"
                // The workplace's priced visit types: with several, the calendar gets type tabs.
                types={d.doctor.workplaces.find((w) => w.clinicId === clinicId)?.prices.map((p) => p.type)}
              />
            )}
          />
        ) : (
          <DoctorListPage data={d} />
        )}
      </main>
      <SiteFooter />
    </>
  );
}

type ListData = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>;

function DoctorListPage({ data: d }: { data: ListData }) {
  const what = d.speciality ? d.speciality.namePlural : 'Врачи';
  const town = d.town.slug;
  const spec = d.speciality?.translit;
  return (
    <>
      <Breadcrumbs items={listCrumbs(d)} />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">
        {d.query ? `Поиск «${d.query}» — ${what.toLowerCase()} ${d.town.nameIn}` : `${what} ${d.town.nameIn}`}
      </h1>
      <p className="mt-1 text-ink-soft">
        {plural(d.total, WORDS.doctor)}
        {d.page > 1 && `, страница ${d.page} из ${d.numPages}`}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={nearbyDoctorsUrl(town, spec)} className="text-brand hover:underline">
          {d.speciality ? `${what} рядом со мной` : 'Врачи рядом со мной'}
        </a>
        <a href={onlineDoctorsUrl(spec)} className="text-brand hover:underline">
          Онлайн-консультации
        </a>
      </p>
      <LinkSection
        id="specs-h"
        title="Специальности"
        moreLabel="Все специальности"
        links={d.specialities.map((s) => ({
          href: doctorsUrl(town, s.translit),
          label: s.namePlural,
          count: s.count,
        }))}
      />
      <DoctorFilters
        path={doctorsUrl(town, spec)}
        options={TOWN_LIST_OPTIONS}
        sort={d.sort}
        filters={d.filters}
        keep={d.query ? { q: d.query } : {}}
      />
      <DoctorList
        doctors={d.doctors}
        page={d.page}
        numPages={d.numPages}
        search={d.search}
        tz={d.town.tz}
        empty={{
          title: 'Совпадений не найдено',
          text: d.query
            ? 'Проверьте написание или поищите среди всех врачей города.'
            : 'Попробуйте убрать часть фильтров.',
          link: { href: doctorsUrl(town), label: `Все врачи ${d.town.nameGen}` },
        }}
      />
      <LinkSection
        id="treatments-h"
        title="Лечение"
        moreLabel="Всё лечение"
        links={d.treatments.map((t) => ({ href: treatmentUrl(town, t.translit), label: t.name }))}
      />
      <LinkSection
        id="metro-h"
        title="Метро"
        moreLabel="Все станции"
        links={d.metro.map((p) => ({ href: placeDoctorsUrl(town, 'metro', p.slug, spec), label: p.name }))}
      />
      <LinkSection
        id="districts-h"
        title="Районы"
        moreLabel="Все районы"
        links={d.districts.map((p) => ({
          href: placeDoctorsUrl(town, 'rayon', p.slug, spec),
          label: p.name,
        }))}
      />
    </>
  );
}
