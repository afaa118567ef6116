import type { ReactNode } from 'react';
import type { ClinicCard as ClinicCardData } from '../../../core/directory/contracts';
import { formatPhone } from '../../../core/phone/format';
import { plural, WORDS } from '../../../core/text/plural';
import { Avatar } from '../../components/ui/avatar';
import { AddressSchedule } from '../clinic/address-schedule';
import { CardTitle } from './card-title';
import { RatingLine } from './rating-line';

/**
 * `children` adds a block under the clinic's details (a service list puts its price there);
 * `favourite` is the heart, top right (the favourites feature fills it).
 */
export function ClinicCard({
  clinic,
  children,
  favourite,
}: {
  clinic: ClinicCardData;
  children?: ReactNode;
  favourite?: ReactNode;
}) {
  return (
    <article className="card flex gap-4 p-4 sm:p-5" data-lpu-id={clinic.id}>
      <Avatar id={clinic.id} name={clinic.name.replace(/[«»"]/g, '')} src={clinic.photoUrl} size={64} />
      <div className="min-w-0 flex-1">
        <CardTitle href={clinic.url} name={clinic.name} favourite={favourite} />
        <div className="mt-1 text-sm text-ink-soft">
          <AddressSchedule lpuId={clinic.id} address={clinic.address} />
          {clinic.metro && <span className="text-muted"> · м. {clinic.metro}</span>}
          {!clinic.metro && clinic.district && <span className="text-muted"> · {clinic.district}</span>}
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <RatingLine
            rating={clinic.rating}
            reviewsCount={clinic.reviewsCount}
            reviewsHref={`${clinic.url}#reviews`}
          />
          {clinic.doctorsCount > 0 && (
            <span className="text-muted">{plural(clinic.doctorsCount, WORDS.doctor)}</span>
          )}
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          {clinic.todayHours ? `Сегодня ${clinic.todayHours}` : 'Сегодня выходной'}
          {clinic.phone && (
            <>
              {' · '}
              <a
                href={`tel:+${clinic.phone}`}
                className="text-brand underline decoration-brand/40 underline-offset-2"
              >
                {formatPhone(clinic.phone)}
              </a>
            </>
          )}
        </p>
        {clinic.clubEnabled && <p className="mt-2 inline-block club-tag">Клубная цена</p>}
        {children}
      </div>
    </article>
  );
}
