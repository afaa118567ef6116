import type { ServiceOffer } from '../../../core/directory/contracts';
import { formatRub } from '../../../core/money/money';
import { ClubPriceButton } from '../club/club-price-button';
import { LazySchedule } from '../schedule/schedule-slot';

/**
 * What a clinic card of a service's list adds: the clinic's price range for the service, its
 * club price, the line's own name when it differs, and a calendar when it is booked by time.
 */
export function ServiceOfferPrice({
  offer,
  service,
  tz,
  search,
}: {
  offer: ServiceOffer;
  service: { id: number; name: string; kind: string };
  /** The town's zone, for the calendar's days. */
  tz: string;
  search: string;
}) {
  return (
    <div className="mt-3 border-t border-line pt-3 text-sm" data-price={offer.minPrice}>
      <p>
        <span className="text-lg font-semibold text-ink">
          {offer.maxPrice > offer.minPrice
            ? `${formatRub(offer.minPrice)} – ${formatRub(offer.maxPrice)}`
            : formatRub(offer.minPrice)}
        </span>
        {offer.clubPrice !== null && (
          <ClubPriceButton className="ml-2 club-tag">{formatRub(offer.clubPrice)} в клубе</ClubPriceButton>
        )}
      </p>
      {offer.lineName !== service.name && (
        <p className="mt-1 text-muted">В прайсе клиники: {offer.lineName}</p>
      )}
      {offer.bookable && (
        <div className="mt-3">
          <LazySchedule
            load={() =>
              import('../schedule/service-schedule').then((m) =>
                m.serviceScheduleOf({
                  lpuId: offer.clinic.id,
                  serviceId: service.id,
                  tz,
                  search,
                  source: 'services_list',
                  analysis: service.kind === 'analysis',
                }),
              )
            }
          />
        </div>
      )}
    </div>
  );
}
