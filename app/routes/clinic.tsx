import { redirect } from 'react-router';
import { pageTags } from '../../core/cache/page-tags';
import { clinicDoctorsPageUrl } from '../../core/clinic/doctor-filters';
import { PRICE_LIST_API_URL } from '../../core/clinic/price-list';
import { parseEntityPath } from '../../core/directory/doctor-labels';
import { parsePage } from '../../core/directory/pagination';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { ClinicDoctorsBlock } from '../features/clinic/doctors-block';
import { PriceList } from '../features/clinic/price-list';
import { ClinicProfile, clinicJsonLd } from '../features/directory/clinic-profile';
import { MistakeReport } from '../features/directory/mistake-report';
import { SoftwareBadge } from '../features/directory/software-badge';
import { FavouriteButton } from '../features/favourites/favourite-button';
import { FakeWarningBanner } from '../features/reviews/fake-warning-banner';
import { ReviewTags } from '../features/reviews/review-tags';
import { cacheable, cacheTagHeaders } from '../lib/page-cache';
import { keepDataWhenOnly } from '../lib/revalidate';
import { breadcrumbLd, notFound, pageMeta } from '../lib/seo';
import { originOf, requireTown } from '../lib/town.server';
import type { Route } from './+types/clinic';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const town = await requireTown(context, params.town);
  const entity = parseEntityPath(params.slug);
  if (!entity) throw notFound();
  const { clinicDoctors } = context.services;
  const pricePage = parsePage(new URL(request.url).searchParams.get('page'));
  const [clinic, priceList, doctors, doctorOptions] = await Promise.all([
    context.services.directory.clinic(town, entity.id),
    // The price list's page is kept in ?page=, so a reload shows the same page.
    context.services.priceList.firstRender(entity.id, pricePage),
    // The clinic is looked up in this town above; the block need not read it again.
    clinicDoctors.list(
      entity.id,
      { naDom: false, page: 1, showAll: false, pageSize: DOCTORS_IN_BLOCK },
      town,
    ),
    clinicDoctors.filterOptions(entity.id),
  ]);
  if (!clinic) throw notFound();
  if (clinic.slug !== entity.slug) throw redirect(clinic.url, 301);
  const shownDoctors = doctors.ok ? doctors.list : null;
  return cacheable(
    {
      town,
      clinic,
      endedPromotions: clinic.endedPromotions,
      priceList,
      doctors: shownDoctors,
      doctorOptions,
      origin: originOf(request),
    },
    [pageTags.clinic(clinic.id), ...(shownDoctors?.data ?? []).map((doc) => pageTags.doctor(doc.id))],
  );
}

export const headers = cacheTagHeaders;

const DOCTORS_IN_BLOCK = 5;

/** The price list loads its own pages and only mirrors the page in ?page=: no reload for that. */
export const shouldRevalidate = keepDataWhenOnly(['page']);

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [];
  const c = d.clinic;
  return pageMeta({
    title: `${c.name} — ${c.address}, ${d.town.name}: отзывы, цены, врачи`,
    description: `${c.name} ${d.town.nameIn}, ${c.address}. Отзывы пациентов, врачи, цены на услуги, часы работы и телефон.`,
    canonical: `${d.origin}${c.url}`,
    jsonLd: [
      clinicJsonLd(d.origin, c, d.town.name),
      breadcrumbLd(d.origin, [
        { name: `Клиники ${d.town.nameGen}`, path: `/${d.town.slug}/lpu/` },
        { name: c.name, path: c.url },
      ]),
    ],
  });
};

export default function Clinic({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader town={d.town} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {/* Keyed by clinic: going to a branch starts its widgets afresh. */}
        <ClinicProfile
          key={d.clinic.id}
          clinic={d.clinic}
          town={d.town}
          endedPromotions={d.endedPromotions}
          badge={
            d.clinic.softwareVersion && <SoftwareBadge version={d.clinic.softwareVersion} page="clinic" />
          }
          favourite={<FavouriteButton type="lpu" id={d.clinic.id} />}
          reviewExtras={
            <>
              <FakeWarningBanner warning={d.clinic.fakeWarning} subject="lpu" />
              <ReviewTags tags={d.clinic.reviewTags} redirect={{ path: `${d.clinic.url}otzivi/` }} />
            </>
          }
          actions={
            <div className="px-1">
              <MistakeReport lpuId={d.clinic.id} />
            </div>
          }
          priceList={
            d.priceList && (
              <PriceList
                apiUrl={PRICE_LIST_API_URL}
                clinicId={d.clinic.id}
                initial={d.priceList.list}
                categories={d.priceList.categories}
                updateStatus={{ code: d.clinic.priceUpdateStatus, date: d.clinic.priceUpdatedAt }}
                tz={d.town.tz}
              />
            )
          }
          doctors={
            d.doctors && (
              <ClinicDoctorsBlock
                tz={d.town.tz}
                doctorsUrl={clinicDoctorsPageUrl(d.clinic.url)}
                doctors={d.doctors.data}
                total={d.doctors.total}
                options={d.doctorOptions}
              />
            )
          }
        />
      </main>
      <SiteFooter />
    </>
  );
}
