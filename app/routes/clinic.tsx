import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { parsePage } from '../../core/directory/pagination';
import { clinicDoctorsUrl, reviewsUrl } from '../../core/directory/urls';
import { clinicJsonLd } from '../features/clinic/clinic-ld.server';
import { clinicPageMeta } from '../features/clinic/clinic-meta';
import { ClinicProfile, preloadClinicSections } from '../features/clinic/clinic-profile';
import { SoftwareBadge } from '../features/directory/late-software-badge';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { MistakeReport } from '../features/feedback/mistake-report';
import { AdSlot } from '../features/promo/ad-slot';
import { loadAdSlots } from '../features/promo/ads.server';
import { FakeWarningBanner } from '../features/reviews/fake-warning-banner';
import { PageStatsBeacon } from '../features/stats/page-stats-beacon';
import { keep } from '../lib/kept';
import { late } from '../lib/late';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { keepDataWhenOnly } from '../lib/revalidate';
import { notFound } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import { requireTown } from '../lib/town.server';
import type { Route } from './+types/clinic';

export async function loader({ params, url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const { clinicDoctors } = context.services;
  const pricePage = parsePage(url.searchParams.get('page'));
  const [clinic, priceList, shownDoctors, doctorOptions] = await Promise.all([
    context.services.clinics.page(town, entity.id),
    // The price list's page is kept in ?page=, so a reload shows the same page.
    context.services.priceList.firstRender(entity.id, pricePage),
    // The clinic is looked up in this town above; the block need not read it again.
    clinicDoctors.pageIn(town, entity.id, {
      naDom: false,
      page: 1,
      showAll: false,
      pageSize: DOCTORS_IN_BLOCK,
    }),
    clinicDoctors.filterOptions(entity.id),
  ]);
  if (!clinic) throw notFound();
  if (clinic.slug !== entity.slug) throw redirect(clinic.url, 301);
  const ads = await loadAdSlots(context, town.id, { kind: 'clinic', version: clinic.softwareVersion });
  return cacheable(
    {
      town,
      clinic,
      endedPromotions: clinic.endedPromotions,
      priceList,
      doctors: shownDoctors,
      doctorOptions,
      origin: context.origin,
      ads,
      // The MedicalClinic JSON-LD: in the document's head, not again in its data (app/lib/seo.ts keptLd).
      ld: keep(clinicJsonLd(context.origin, clinic, town.name, town.tz), { send: context.dataRequest }),
    },
    [pageTags.clinic(clinic.id), ...(shownDoctors?.data ?? []).map((doc) => pageTags.doctor(doc.id))],
  );
}

export const headers = cacheTagHeaders;

const DOCTORS_IN_BLOCK = 5;

/** The price list loads its own pages and only mirrors the page in ?page=: no reload for that. */
export const shouldRevalidate = keepDataWhenOnly(['page']);

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d ? clinicPageMeta(d.origin, d.clinic, d.town, d.ld) : [];

// The sections below the fold hydrate from their own chunks, after the rest of the page (ADR 021).
const PriceList = late(() => import('../features/clinic/price-list').then((m) => m.PriceList), {
  boundary: true,
});
const ClinicDoctorsBlock = late(
  () => import('../features/clinic/doctors-block').then((m) => m.ClinicDoctorsBlock),
  { boundary: true },
);
const ReviewTags = late(() => import('../features/reviews/review-tags').then((m) => m.ReviewTags), {
  boundary: true,
});

/** A navigation in the browser loads those chunks with the data, so the page shows whole at once. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    PriceList.preload(),
    ClinicDoctorsBlock.preload(),
    ReviewTags.preload(),
    preloadClinicSections(),
  ]);
  return data;
}

export default function Clinic({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageStatsBeacon kind="clinic" id={d.clinic.id} />
      {/* Keyed by clinic: going to a branch starts its widgets afresh. */}
      <ClinicProfile
        key={d.clinic.id}
        clinic={d.clinic}
        town={d.town}
        endedPromotions={d.endedPromotions}
        badge={d.clinic.softwareVersion && <SoftwareBadge version={d.clinic.softwareVersion} page="clinic" />}
        favourite={<FavouriteButton type="lpu" id={d.clinic.id} />}
        reviewExtras={
          <>
            <FakeWarningBanner warning={d.clinic.fakeWarning} subject="lpu" />
            <ReviewTags tags={d.clinic.reviewTags} redirect={{ path: reviewsUrl(d.clinic.url) }} />
          </>
        }
        actions={
          <>
            <div className="px-1">
              <MistakeReport lpuId={d.clinic.id} />
            </div>
            {d.ads.includes('page_side') && (
              <AdSlot place="page_side" town={d.town.slug} clinic={d.clinic.id} />
            )}
          </>
        }
        priceList={
          d.priceList && (
            <PriceList
              clinicId={d.clinic.id}
              initial={d.priceList.list}
              categories={d.priceList.categories}
              updateStatus={{ code: d.clinic.priceUpdateStatus, date: d.clinic.priceUpdatedAt }}
              tz={d.town.tz}
              club={d.clinic.clubEnabled ? { discountPercent: d.clinic.clubDiscountPercent } : undefined}
            />
          )
        }
        doctors={
          d.doctors && (
            <ClinicDoctorsBlock
              tz={d.town.tz}
              doctorsUrl={clinicDoctorsUrl(d.clinic.url)}
              doctors={d.doctors.data}
              total={d.doctors.total}
              options={d.doctorOptions}
            />
          )
        }
      />
    </>
  );
}
