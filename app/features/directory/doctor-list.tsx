import { Fragment, memo, type ReactNode } from 'react';
import type { DoctorCard as DoctorCardData, DoctorListView } from '../../../core/directory/contracts';
import type { ListOptions } from '../../../core/directory/list-filters';
import { nearestFreeText } from '../../../core/directory/nearest-free';
import { INLINE_AD_AFTER } from '../../../core/promo/ads';
import { plural, WORDS } from '../../../core/text/plural';
import { Pagination } from '../../components/ui/pagination';
import { FavouriteButton } from '../favourites/favourite-button';
import { ScheduleSlot } from '../schedule/schedule-slot';
import { DoctorCard } from './doctor-card';
import { DoctorFilters } from './doctor-filters';
import { ListHeader } from './list-layout';

/**
 * 'Ближайшая запись: сегодня, 14:30' under a card's place, when the doctor has a free time ('… —
 * Клиника «…»' when it is at another of the doctor's clinics than the card's calendar).
 */
function NearestFree({ nearest }: { nearest: DoctorCardData['nearestFree'] }) {
  const text = nearest ? nearestFreeText(nearest, new Date()) : null;
  return text ? (
    <p className="mt-1 text-sm font-medium text-brand" data-nearest-at={nearest?.at} suppressHydrationWarning>
      {text}
    </p>
  ) : null;
}

/**
 * One card of the list with its heart and calendar, memoized: the list re-renders on every
 * change of the router's state (a filter's navigation starting, its page arriving), and the
 * cards of the page shown meanwhile are the same objects of the loader's data, so they are
 * not rendered again (a chip's tap on a phone re-rendered all twenty before its next paint).
 */
const DoctorListCard = memo(function DoctorListCard({
  doctor,
  note,
  tz,
  search,
  online,
}: {
  doctor: DoctorCardData;
  note?: (doctor: DoctorCardData) => ReactNode;
  tz?: string;
  search: string;
  online?: boolean;
}) {
  return (
    <DoctorCard
      doctor={doctor}
      placeNote={
        <>
          {note?.(doctor)}
          <NearestFree nearest={doctor.nearestFree} />
        </>
      }
      favourite={<FavouriteButton type="doctors" id={doctor.id} />}
      schedule={
        doctor.workplaces[0] &&
        ((type) => (
          <ScheduleSlot
            doctorId={doctor.id}
            lpuId={doctor.workplaces[0].clinicId}
            tz={tz}
            search={search}
            // The card's visit-type tabs choose it; the online list leads with 'Онлайн'.
            type={online && doctor.prices.length === 0 ? 'telemed' : type}
          />
        ))
      }
    />
  );
});

/**
 * The cards of one list page, the empty state and the page links. `note` adds a line to a
 * card (the distance on the 'nearby' list).
 */
export function DoctorList<T extends DoctorCardData>({
  doctors,
  page,
  numPages,
  search,
  empty,
  note,
  tz,
  online,
  inlineAd,
  phoneTopAd,
}: {
  doctors: T[];
  page: number;
  numPages: number;
  search: string;
  /** What to say and where to go when nothing matches. */
  empty: { title: string; text: string; link?: { href: string; label: string } };
  note?: (doctor: T) => ReactNode;
  /** The town's IANA zone for the schedule's days and 'today' (Moscow when not given). */
  tz?: string;
  /** The online list: its cards lead with 'Онлайн', so the calendars first show online consultations. */
  online?: boolean;
  /** An ad slot after the first few cards (the promo feature fills it; docs/product/ads.md). */
  inlineAd?: ReactNode;
  /** The top ad slot as phones place it: after the first card (docs/product/ads.md). */
  phoneTopAd?: ReactNode;
}) {
  if (doctors.length === 0) {
    return (
      <div className="card mt-6 p-8 text-center" role="status">
        <p className="text-lg font-semibold">{empty.title}</p>
        <p className="mt-1 text-ink-soft">{empty.text}</p>
        {empty.link && (
          <a href={empty.link.href} className="mt-4 inline-block text-brand hover:underline">
            {empty.link.label}
          </a>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="mt-6 flex flex-col gap-4">
        {doctors.map((doctor, i) => (
          <Fragment key={doctor.id}>
            {inlineAd && i === INLINE_AD_AFTER && <li>{inlineAd}</li>}
            <li>
              <DoctorListCard
                doctor={doctor}
                note={note as ((d: DoctorCardData) => ReactNode) | undefined}
                tz={tz}
                search={search}
                online={online}
              />
            </li>
            {phoneTopAd && i === 0 && <li className="sm:hidden">{phoneTopAd}</li>}
          </Fragment>
        ))}
      </ul>
      <Pagination page={page} numPages={numPages} search={search} />
    </>
  );
}

/**
 * A doctor list screen: trail, heading with the total, sort and filters, the page of cards
 * and, under them, optional sections of links to narrower lists.
 */
export function DoctorListScreen<T extends DoctorCardData>({
  crumbs,
  heading,
  list,
  path,
  options,
  keep,
  intro,
  topAd,
  children,
  ...cards
}: {
  crumbs: { name: string; path: string }[];
  heading: string;
  list: DoctorListView<T>;
  /** The list's own path: the filters' form goes there. */
  path: string;
  options: ListOptions;
  /** Other query parameters the list keeps (a name search, the 'nearby' point). */
  keep?: Record<string, string>;
  /** Under the heading: links to related lists. */
  intro?: ReactNode;
  /** Above the cards, after the first card on phones: an ad slot (the promo feature fills it; docs/product/ads.md). */
  topAd?: ReactNode;
  /** Under the cards: links to narrower lists. */
  children?: ReactNode;
} & Pick<Parameters<typeof DoctorList<T>>[0], 'empty' | 'note' | 'tz' | 'online' | 'inlineAd'>) {
  return (
    <>
      <ListHeader
        crumbs={crumbs}
        heading={heading}
        count={plural(list.total, WORDS.doctor)}
        page={list.page}
        numPages={list.numPages}
      />
      {intro}
      <DoctorFilters
        path={path}
        options={options}
        sort={list.sort}
        filters={list.filters}
        free={list.free}
        keep={keep}
      />
      {topAd && <div className="mt-6 hidden sm:block">{topAd}</div>}
      <DoctorList
        doctors={list.doctors}
        page={list.page}
        numPages={list.numPages}
        search={list.search}
        phoneTopAd={topAd}
        {...cards}
      />
      {children}
    </>
  );
}
