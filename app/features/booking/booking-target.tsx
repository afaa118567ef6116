import type { DoctorBookingCard, ServiceBookingCard, VisitPlace } from '../../../core/booking/contracts';
import type { VisitType } from '../../../core/booking/urls';
import { ClubPriceButton } from '../club/club-price-button';
import { ChosenTime } from './booking-steps';

const VISIT_LABELS: Record<VisitType, string> = {
  clinic: 'Приём в клинике',
  home: 'Вызов врача на дом',
  telemed: 'Онлайн-консультация',
};

/** The price line: the price, and the club card's one when the clinic takes the card. */
function Price({ label, price, clubPrice }: { label: string; price: string; clubPrice: string | null }) {
  return (
    <>
      {label}: <span className="font-semibold">{price}</span>
      {clubPrice !== null && (
        <ClubPriceButton className="ml-2 text-brand">по клубной карте {clubPrice}</ClubPriceButton>
      )}
    </>
  );
}

/** Where the visit is: the clinic's link, its address and its metro. */
function ClinicPlace({ place }: { place: VisitPlace }) {
  return (
    <>
      <p className="mt-2 font-medium">
        <a href={place.clinicUrl} className="hover:text-brand">
          {place.clinicName}
        </a>
      </p>
      <p className="text-ink-soft">{place.address}</p>
      {place.metro && <p className="text-muted">м. {place.metro}</p>}
    </>
  );
}

/** 'Что вы бронируете' on a doctor's booking page: the doctor, the clinic, the visit and its price. */
export function DoctorTargetCard({
  target,
  type,
  chosen,
  onChangeTime,
}: {
  target: DoctorBookingCard;
  type: VisitType;
  chosen: { label: string } | null;
  onChangeTime: () => void;
}) {
  return (
    <section className="card mt-4 flex gap-4 p-4 sm:p-5" aria-label="Что вы бронируете">
      {/* A photo when there is one; the shared Avatar would split a chunk off the list pages' first load. */}
      {target.photoUrl && (
        <img
          src={target.photoUrl}
          alt=""
          width={64}
          height={64}
          className="size-16 rounded-full object-cover"
        />
      )}
      <div className="min-w-0 flex-1 text-sm">
        <a href={target.doctorUrl} className="text-lg font-semibold text-brand hover:underline">
          {target.doctorName}
        </a>
        <p className="text-ink">{target.specialities.join(', ')}</p>
        <ClinicPlace place={target} />
        <p className="mt-2">{VISIT_LABELS[type]}</p>
        {target.price !== null && (
          <p className="mt-1">
            <Price label="Стоимость приёма" price={target.price} clubPrice={target.clubPrice} />
          </p>
        )}
        {chosen && <ChosenTime label={chosen.label} onChange={onChangeTime} />}
      </div>
    </section>
  );
}

/** 'Что вы бронируете' on a service's booking page: the service, the clinic, its length and price. */
export function ServiceTargetCard({
  target,
  chosen,
  onChangeTime,
}: {
  target: ServiceBookingCard;
  chosen: { label: string } | null;
  onChangeTime: () => void;
}) {
  return (
    <section className="card mt-4 p-4 text-sm sm:p-5" aria-label="Что вы бронируете">
      <p className="text-lg font-semibold">{target.serviceName}</p>
      <p className="text-ink">
        {target.synonymName !== target.serviceName && (
          <>
            <a href={target.serviceUrl} className="hover:text-brand">
              {target.synonymName}
            </a>
            {' · '}
          </>
        )}
        {target.className}, {target.duration}
      </p>
      <ClinicPlace place={target} />
      <p className="mt-2">
        <Price label="Стоимость" price={target.price} clubPrice={target.clubPrice} />
      </p>
      {target.requiresPrimaryConsultation && (
        <p className="mt-2 rounded-lg bg-canvas p-3 text-ink">
          Перед процедурой врач клиники проведёт консультацию: соберёт анамнез и проверит показания.
        </p>
      )}
      {chosen && <ChosenTime label={chosen.label} onChange={onChangeTime} />}
    </section>
  );
}
