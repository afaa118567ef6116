import { reviewsUrl } from '../../../core/directory/urls';
import { reviewFormUrl } from '../../../core/reviews/urls';
import { DoctorProfile, preloadDoctorSections } from '../../features/doctor/doctor-profile';
import { FavouriteButton } from '../../features/favourites/favourite-button';
import { AdSlot } from '../../features/promo/ad-slot';
import { FakeWarningBanner } from '../../features/reviews/fake-warning-banner';
import { ReviewPowerLink } from '../../features/reviews/review-power-link';
import { doctorReviewPayload } from '../../features/reviews/review-power-payload';
import { ScheduleSlot } from '../../features/schedule/schedule-slot';
import { PageStatsBeacon } from '../../features/stats/page-stats-beacon';
import { late } from '../../lib/late';
import type { Route } from '../+types/doctors';

export type DoctorPageData = Extract<Route.ComponentProps['loaderData'], { kind: 'doctor' }>;

// Far down the page, in the reviews section: hydrated from its own chunk (ADR 021).
const ReviewTags = late(() => import('../../features/reviews/review-tags').then((m) => m.ReviewTags), {
  boundary: true,
});

/** Loads the code of the page's sections that hydrate later (the route's clientLoader awaits it). */
export const preloadSections = () => Promise.all([ReviewTags.preload(), preloadDoctorSections()]);

/** The doctor's page of the `:town/vrach/:slug?` route, in its own chunk (ADR 021). */
export default function DoctorPage({ data: d }: { data: DoctorPageData }) {
  return (
    <>
      <PageStatsBeacon kind="doctor" id={d.doctor.id} />
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
          d.ads.includes('page_side') && <AdSlot place="page_side" town={d.town.slug} doctor={d.doctor.id} />
        }
      />
    </>
  );
}
