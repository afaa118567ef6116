import type { ReactNode } from 'react';
import { Pagination } from '../../components/ui/pagination';
import { FavouriteButton } from '../favourites/favourite-button';
import { LazySchedule } from '../schedule/schedule-slot';
import { ClinicCard, type ClinicCardData } from './clinic-card';

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
            doctorsUrl: `${clinic.url}vrachi/`,
            tz,
            search,
          }),
        )
      }
    />
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
}: {
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
}) {
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
          <li key={item.clinic.id} className={ordered ? 'flex items-start gap-3' : undefined}>
            {ordered && (
              <span
                aria-hidden="true"
                className="mt-5 w-6 shrink-0 text-right text-lg font-semibold text-muted"
              >
                {(page - 1) * 20 + i + 1}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <ClinicCard clinic={item.clinic} favourite={<FavouriteButton type="lpu" id={item.clinic.id} />}>
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
        ))}
      </List>
      <Pagination page={page} numPages={numPages} search={search} />
    </>
  );
}
