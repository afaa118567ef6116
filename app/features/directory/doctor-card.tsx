import type { ReactNode } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import type { DoctorCard as DoctorCardData } from '../../../core/directory/contracts';
import { plural, WORDS } from '../../../core/text/plural';
import { Avatar } from '../../components/ui/avatar';
import { CardTitle } from './card-title';
import { PriceChips } from './price-chips';
import { RatingLine } from './rating-line';

/**
 * A doctor in a list. The favourite heart and the schedule widget come from other features
 * through props, so this card never imports them. Links are plain <a>: twenty cards carry
 * some eighty links, and resolving each through the router cost ~5% of a list page's CPU.
 */
export function DoctorCard({
  doctor,
  favourite,
  schedule,
  placeNote,
}: {
  doctor: DoctorCardData;
  /** The favourite heart, top right (the favourites feature fills it). */
  favourite?: ReactNode;
  /** The schedule widget of a visit type under the workplace (the booking feature fills it). */
  schedule?: (type: VisitType) => ReactNode;
  /** A line under the workplace, e.g. the distance on the 'nearby' list. */
  placeNote?: ReactNode;
}) {
  const place = doctor.workplaces[0];
  const credentials = [doctor.experience, doctor.category, doctor.science].filter(Boolean);
  return (
    <article
      className="card flex flex-col gap-4 p-4 sm:p-5 md:flex-row"
      data-doctor-id={doctor.id}
      data-gender={doctor.gender}
      data-na-dom={doctor.homeVisit}
    >
      <div className="flex flex-1 gap-4">
        <Avatar id={doctor.id} name={doctor.fullName} src={doctor.photoUrl} size={72} />
        <div className="min-w-0 flex-1">
          <CardTitle href={doctor.url} name={doctor.fullName} favourite={favourite} />
          <p className="mt-1 text-sm text-ink">{doctor.specialities.map((s) => s.name).join(', ')}</p>
          <p className="mt-1 text-sm text-muted">{credentials.join(' · ')}</p>
          <p className="mt-2 flex items-center gap-3 text-sm">
            <RatingLine
              rating={doctor.rating}
              reviewsCount={doctor.reviewsCount}
              reviewsHref={`${doctor.url}#reviews`}
            />
          </p>
          {(doctor.homeVisit || doctor.online || doctor.children) && (
            <ul className="mt-2 flex flex-wrap gap-1 text-xs">
              {doctor.homeVisit && <li className="card-tag">Выезд на дом</li>}
              {doctor.online && <li className="card-tag">Онлайн-консультация</li>}
              {doctor.children && <li className="card-tag">Детский врач</li>}
            </ul>
          )}
        </div>
      </div>
      <div className="card-aside">
        {place && (
          <div className="text-sm">
            <a href={place.clinicUrl} className="font-medium text-ink hover:text-brand">
              {place.clinicName}
            </a>
            <p className="text-ink-soft">{place.address}</p>
            {place.metro && <p className="text-muted">м. {place.metro}</p>}
            {doctor.workplacesCount > 1 && (
              <p className="mt-1 text-muted">и ещё {plural(doctor.workplacesCount - 1, WORDS.clinic)}</p>
            )}
            {placeNote}
          </div>
        )}
        {/* One control: the visit-type tabs carry the prices and choose the calendar's slots. */}
        <PriceChips prices={doctor.prices} panel={schedule} />
      </div>
    </article>
  );
}
