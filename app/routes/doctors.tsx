import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { formatLongDate, zonedDay } from '../../core/dates/zoned';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { hasFilters, parseDoctorListParams } from '../../core/directory/list-filters';
import { doctorsUrl } from '../../core/directory/list-urls';
import { reviewsUrl } from '../../core/directory/urls';
import { reviewFormUrl } from '../../core/reviews/urls';
import { loadDoctorList, requireSpeciality, townPlaceLinks } from '../features/directory/list-loaders.server';
import { doctorListMeta } from '../features/directory/list-meta';
import { TownDoctorList, townListCrumbs } from '../features/directory/town-doctor-list';
import { doctorPageMeta } from '../features/doctor/doctor-meta';
import { DoctorProfile } from '../features/doctor/doctor-profile';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { AdSlot } from '../features/promo/ad-slot';
import { loadAdSlots } from '../features/promo/ads.server';
import { loadPromos, PROMO_TAG } from '../features/promo/promos.server';
import { FakeWarningBanner } from '../features/reviews/fake-warning-banner';
import { ReviewPowerLink } from '../features/reviews/review-power-link';
import { doctorReviewPayload } from '../features/reviews/review-power-payload';
import { ReviewTags } from '../features/reviews/review-tags';
import { ScheduleSlot } from '../features/schedule/schedule-slot';
import { PageStatsBeacon } from '../features/stats/page-stats-beacon';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/doctors';

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
    return cacheable({ kind: 'doctor' as const, town, origin, doctor, today, reviewDates, promos, ads }, [
      PROMO_TAG,
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
      specialities: specialities.map(({ namePlural, translit, count }) => ({ namePlural, translit, count })),
      ...places,
      treatments,
      promos,
      ads,
      ...list,
    },
    tags,
  );
}

export const headers = cacheTagHeaders;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  if (d.kind === 'doctor') return doctorPageMeta(d.origin, d.doctor, d.town);
  return doctorListMeta(d, {
    path: doctorsUrl(d.town.slug, d.speciality?.translit),
    heading: `${d.speciality ? d.speciality.namePlural : 'Врачи'} ${d.town.nameIn}`,
    crumbs: townListCrumbs(d.town, d.speciality),
  });
};

export default function Doctors({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      {d.kind === 'doctor' && <PageStatsBeacon kind="doctor" id={d.doctor.id} />}
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
              <ReviewTags tags={d.doctor.reviewTags} redirect={{ path: reviewsUrl(d.doctor.url) }} />
            </>
          }
          schedule={(clinicId, type) => (
            <ScheduleSlot
              doctorId={d.doctor.id}
              lpuId={clinicId}
              tz={d.town.tz}
              search=""
              source="doctor_page"
              // The type chosen in the workplace's visit-type tabs.
              type={type}
            />
          )}
          sideAd={
            d.ads.includes('page_side') && (
              <AdSlot place="page_side" town={d.town.slug} doctor={d.doctor.id} />
            )
          }
        />
      ) : (
        <TownDoctorList
          town={d.town}
          speciality={d.speciality}
          query={d.query}
          list={d}
          specialities={d.specialities}
          treatments={d.treatments}
          metro={d.metro}
          districts={d.districts}
          ads={{
            top: d.ads.includes('list_top') && <AdSlot place="list_top" town={d.town.slug} />,
            inline: d.ads.includes('list_inline') && <AdSlot place="list_inline" town={d.town.slug} />,
          }}
        />
      )}
    </>
  );
}
