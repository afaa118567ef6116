import { Fragment, type ReactNode } from 'react';
import type { ClinicCard as ClinicCardData } from '../../../core/directory/contracts';
import { clinicDoctorsUrl } from '../../../core/directory/urls';
import { INLINE_AD_AFTER } from '../../../core/promo/ads';
import { plural, WORDS } from '../../../core/text/plural';
import { Pagination } from '../../components/ui/pagination';
import { FavouriteButton } from '../favourites/favourite-button';
import { LazySchedule } from '../schedule/schedule-slot';
import { ClinicCard } from './clinic-card';
import { ListHeader } from './list-layout';

/** A clinic list card's calendar, loaded when the card nears the viewport. */
function ClinicScheduleSlot({
  clinic,
  booking,
  tz,
  search,
}: {
  clinic: ClinicCardData;
  booking: NonNullable<ClinicCardData['booking']>;
  tz: string;
  search: string;
}) {
  return (
    <LazySchedule
      load={() =>
        import('../schedule/clinic-schedule').then((m) =>
          m.clinicScheduleOf({
            lpuId: clinic.id,
            specialityId: booking.specialityId,
            specialityName: booking.specialityName,
            doctorsUrl: clinicDoctorsUrl(clinic.url),
            tz,
            search,
          }),
        )
      }
    />
  );
}

type ClinicListProps<T> = {
  items: T[];
  page: number;
  numPages: number;
  search: string;
  empty: ReactNode;
  /** A block inside each card (a service's price). */
  extra?: (item: T) => ReactNode;
  /** Numbered (a top list). */
  ordered?: boolean;
  /** The town's zone: clinic lists give cards with `booking` a calendar of their free times. */
  tz?: string;
  /** An ad slot after the first few cards (the promo feature fills it; docs/product/ads.md). */
  inlineAd?: ReactNode;
  /** The top ad slot as phones place it: after the first card (docs/product/ads.md). */
  phoneTopAd?: ReactNode;
};

/**
 * A clinic list screen: trail, heading with the count, what leads to related lists, the page
 * of cards and, under them, optional sections of links.
 */
export function ClinicListScreen<T extends { clinic: ClinicCardData }>({
  crumbs,
  heading,
  total,
  intro,
  topAd,
  children,
  ...list
}: {
  crumbs?: { name: string; path: string }[];
  heading: string;
  /** The count under the heading ('12 клиник'); none on a top list. */
  total?: number;
  /** Under the heading: sorts, sections, links to related lists. */
  intro?: ReactNode;
  /** Above the cards, after the first card on phones: an ad slot (the promo feature fills it; docs/product/ads.md). */
  topAd?: ReactNode;
  /** Under the cards: links to narrower lists. */
  children?: ReactNode;
} & ClinicListProps<T>) {
  return (
    <>
      <ListHeader
        crumbs={crumbs}
        heading={heading}
        count={total === undefined ? undefined : plural(total, WORDS.clinic)}
        page={list.page}
        numPages={list.numPages}
      />
      {intro}
      {topAd && <div className="mt-6 hidden sm:block">{topAd}</div>}
      <ClinicList {...list} phoneTopAd={topAd} />
      {children}
    </>
  );
}

/** The clinic cards of one list page (with an optional block per card), the empty state and page links. */
export function ClinicList<T extends { clinic: ClinicCardData }>({
  items,
  page,
  numPages,
  search,
  empty,
  extra,
  ordered = false,
  tz,
  inlineAd,
  phoneTopAd,
}: ClinicListProps<T>) {
  if (items.length === 0) {
    return (
      <div className="card mt-6 p-8 text-center text-ink-soft" role="status">
        {empty}
      </div>
    );
  }
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      <List className="mt-6 flex flex-col gap-4">
        {items.map((item, i) => (
          <Fragment key={item.clinic.id}>
            {inlineAd && i === INLINE_AD_AFTER && <li>{inlineAd}</li>}
            <li className={ordered ? 'flex items-start gap-3' : undefined}>
              {ordered && (
                <span
                  aria-hidden="true"
                  className="mt-5 w-6 shrink-0 text-right text-lg font-semibold text-muted"
                >
                  {(page - 1) * 20 + i + 1}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <ClinicCard
                  clinic={item.clinic}
                  favourite={<FavouriteButton type="lpu" id={item.clinic.id} />}
                >
                  {extra?.(item)}
                  {tz && item.clinic.booking && (
                    <div className="mt-3 border-t border-line pt-3">
                      <ClinicScheduleSlot
                        clinic={item.clinic}
                        booking={item.clinic.booking}
                        tz={tz}
                        search={search}
                      />
                    </div>
                  )}
                </ClinicCard>
              </div>
            </li>
            {phoneTopAd && i === 0 && <li className="sm:hidden">{phoneTopAd}</li>}
          </Fragment>
        ))}
      </List>
      <Pagination page={page} numPages={numPages} search={search} />
    </>
  );
}
