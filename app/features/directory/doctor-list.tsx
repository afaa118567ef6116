import type { ReactNode } from 'react';
import { plural, WORDS } from '../../../core/text/plural';
import type { DoctorCard as DoctorCardData } from '../../../server/modules/directory/service';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Pagination } from '../../components/ui/pagination';
import { FavouriteButton } from '../favourites/favourite-button';
import { ScheduleSlot } from '../schedule/schedule-slot';
import { DoctorCard } from './doctor-card';

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
  /** The online list: the calendars show online consultations. */
  online?: boolean;
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
        {doctors.map((doctor) => (
          <li key={doctor.id}>
            <DoctorCard
              doctor={doctor}
              placeNote={note?.(doctor)}
              favourite={<FavouriteButton type="doctors" id={doctor.id} />}
              schedule={
                doctor.workplaces[0] && (
                  <ScheduleSlot
                    doctorId={doctor.id}
                    lpuId={doctor.workplaces[0].clinicId}
                    tz={tz}
                    search={search}
                    types={online ? ['telemed'] : undefined}
                  />
                )
              }
            />
          </li>
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
  total,
  page,
  numPages,
  filters,
  intro,
  children,
  list,
}: {
  crumbs: { name: string; path: string }[];
  heading: string;
  total: number;
  page: number;
  numPages: number;
  filters: ReactNode;
  /** Under the heading: links to related lists. */
  intro?: ReactNode;
  /** Under the cards: links to narrower lists. */
  children?: ReactNode;
  list: Parameters<typeof DoctorList<T>>[0];
}) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{heading}</h1>
      <p className="mt-1 text-ink-soft">
        {plural(total, WORDS.doctor)}
        {page > 1 && `, страница ${page} из ${numPages}`}
      </p>
      {intro}
      {filters}
      <DoctorList {...list} />
      {children}
    </>
  );
}
