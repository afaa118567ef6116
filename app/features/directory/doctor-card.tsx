import type { ReactNode } from 'react';
import type { VisitType } from '../../../core/booking/urls';
import type { DoctorCard as DoctorCardData } from '../../../core/directory/contracts';
import { plural, WORDS } from '../../../core/text/plural';
import { KeptHtml } from '../../components/kept-html';
import { Avatar } from '../../components/ui/avatar';
import { keptBody, type MaybeKept } from '../../lib/kept';
import { CardTitle } from './card-title';
import { PriceChips } from './price-chips';
import { RatingLine } from './rating-line';

/**
 * A doctor in a list. The favourite heart and the schedule widget come from other features
 * through props, so this card never imports them. Links are plain <a>: twenty cards carry
 * some eighty links, and resolving each through the router cost ~5% of a list page's CPU.
 * What never changes in the browser (the photo, name, credentials, rating, the workplace) is
 * kept markup (app/lib/kept.ts): a list document sends those fields once, in the HTML.
 */
export function DoctorCard({
  doctor,
  favourite,
  schedule,
  placeNote,
}: {
  doctor: MaybeKept<DoctorCardData>;
  /** The favourite heart, top right (the favourites feature fills it). */
  favourite?: ReactNode;
  /** The schedule widget of a visit type under the workplace (the booking feature fills it). */
  schedule?: (type: VisitType) => ReactNode;
  /** A line under the workplace, e.g. the distance on the 'nearby' list. */
  placeNote?: ReactNode;
}) {
  const body = keptBody(doctor);
  return (
    <article
      className="card list-card"
      data-doctor-id={doctor.id}
      data-gender={doctor.gender}
      data-na-dom={doctor.homeVisit}
    >
      <div className="relative flex-1">
        <KeptHtml kept={body} className="flex gap-4">
          {(d) => <DoctorSummary doctor={d} />}
        </KeptHtml>
        {favourite && <div className="absolute right-0 top-0">{favourite}</div>}
      </div>
      <div className="card-aside">
        {doctor.workplaces[0] && (
          <KeptHtml kept={body} className="text-sm">
            {(d) => <Workplace doctor={d} note={placeNote} />}
          </KeptHtml>
        )}
        {/* One control: the visit-type tabs carry the prices and choose the calendar's slots. */}
        <PriceChips prices={doctor.prices} panel={schedule} />
      </div>
    </article>
  );
}

function DoctorSummary({ doctor }: { doctor: DoctorCardData }) {
  const credentials = [doctor.experience, doctor.category, doctor.science].filter(Boolean);
  return (
    <>
      <Avatar id={doctor.id} name={doctor.fullName} src={doctor.photoUrl} size={72} />
      <div className="min-w-0 flex-1">
        {/* Room on the right for the heart, which lies over this corner. */}
        <CardTitle href={doctor.url} name={doctor.fullName} beside />
        <p className="mt-1 text-sm text-ink">{doctor.specialities.map((s) => s.name).join(', ')}</p>
        <p className="mt-1 text-sm text-muted">{credentials.join(' · ')}</p>
        <p className="rating-row">
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
    </>
  );
}

function Workplace({ doctor, note }: { doctor: DoctorCardData; note?: ReactNode }) {
  const place = doctor.workplaces[0];
  if (!place) return null;
  return (
    <>
      <a href={place.clinicUrl} className="place-link">
        {place.clinicName}
      </a>
      <p className="text-ink-soft">{place.address}</p>
      {place.metro && <p className="text-muted">{`м. ${place.metro}`}</p>}
      {doctor.workplacesCount > 1 && (
        <p className="mt-1 text-muted">{`и ещё ${plural(doctor.workplacesCount - 1, WORDS.clinic)}`}</p>
      )}
      {note}
    </>
  );
}
