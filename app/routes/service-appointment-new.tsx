import { SERVICE_BOOKING_FAILURES } from '../../core/booking/form';
import { parseServiceBooking } from '../../core/booking/urls';
import { formatRub } from '../../core/money/money';
import { formatPhone } from '../../core/phone/format';
import { addDays } from '../../core/schedule/free-slots';
import { SERVICE_SCHEDULE_DAYS } from '../../core/schedule/services-call';
import { plural, WORDS } from '../../core/text/plural';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { BookingForm } from '../features/booking/booking-form';
import { ChooseTimeStep, ChosenTime, PatientStep, useSlotInUrl } from '../features/booking/booking-steps';
import { bookingPageState } from '../lib/booking-page.server';
import { notFound, pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import type { Route } from './+types/service-appointment-new';

/**
 * `/uslugi/appointment/new/?lpu={id}&service={synonym or MIS id}&slot=dd.MM.yyyy HH:mm&source=…`
 * and `/analyses/appointment/new/` (spec 'Booking redirects'): a clinic's service booked by time
 * (an MRI room, an ultrasound machine): what is booked, a month of free days, the patient's form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseServiceBooking(url.searchParams);
  if (!query) throw notFound();
  const { viewer } = context;
  const target = await context.services.booking.serviceTarget(
    { clinicId: query.lpuId, key: query.service, doctorId: query.doctorId },
    viewer,
  );
  if (!target) throw notFound();
  return {
    origin: originOf(request),
    path: url.pathname,
    query,
    target: {
      serviceName: target.serviceName,
      synonymName: target.synonymName,
      className: target.className,
      serviceUrl: target.serviceUrl,
      duration: plural(target.durationMinutes, WORDS.minute),
      clinicName: target.clinicName,
      clinicUrl: target.clinicUrl,
      clinicPhone: target.clinicPhone ? formatPhone(target.clinicPhone) : null,
      address: target.address,
      metro: target.metro,
      appointmentOn: target.appointmentOn,
      requiresPrimaryConsultation: target.requiresPrimaryConsultation,
      price: formatRub(target.price),
      clubPrice: target.clubEnabled && target.clubPrice !== null ? formatRub(target.clubPrice) : null,
      today: target.today,
      slots: target.slots,
    },
    ...bookingPageState(viewer, target, query.slot),
    noSlots: target.appointmentOn && Object.keys(target.slots).length === 0,
  };
}

// A personal page (who is signed in, live slots): never shared by a cache.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData
      ? `Запись: ${loaderData.target.serviceName} — ${loaderData.target.clinicName}`
      : 'Запись на услугу — ПроДокторов',
    description: 'Онлайн-запись на услугу клиники.',
    canonical: `${loaderData?.origin ?? ''}${loaderData?.path ?? '/uslugi/appointment/new/'}`,
    noindex: true,
  }),
];

export default function ServiceAppointmentNew({ loaderData: d }: Route.ComponentProps) {
  const { target, query, chosen } = d;
  const days = Array.from({ length: SERVICE_SCHEDULE_DAYS }, (_, i) => addDays(target.today, i));
  const { choose, loginHref } = useSlotInUrl(d.path, chosen?.slot ?? null);

  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Запись на услугу</h1>

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
          <p className="mt-2 font-medium">
            <a href={target.clinicUrl} className="hover:text-brand">
              {target.clinicName}
            </a>
          </p>
          <p className="text-ink-soft">{target.address}</p>
          {target.metro && <p className="text-muted">м. {target.metro}</p>}
          <p className="mt-2">
            Стоимость: <span className="font-semibold">{target.price}</span>
            {target.clubPrice !== null && (
              <span className="ml-2 text-brand">по клубной карте {target.clubPrice}</span>
            )}
          </p>
          {target.requiresPrimaryConsultation && (
            <p className="mt-2 rounded-lg bg-canvas p-3 text-ink">
              Перед процедурой врач клиники проведёт консультацию: соберёт анамнез и проверит показания.
            </p>
          )}
          {chosen && <ChosenTime label={chosen.label} onChange={() => choose('')} />}
        </section>

        {!target.appointmentOn || d.noSlots ? (
          <div className="card mt-4 p-5" role="status">
            <p>
              {!target.appointmentOn
                ? SERVICE_BOOKING_FAILURES.booking_off
                : `В ближайшие ${SERVICE_SCHEDULE_DAYS} дней свободного времени нет.`}
            </p>
            {target.clinicPhone && (
              <p className="mt-2">
                Запишитесь по телефону клиники:{' '}
                <a href={`tel:+${target.clinicPhone.replace(/\D/g, '')}`} className="font-medium text-brand">
                  {target.clinicPhone}
                </a>
              </p>
            )}
          </div>
        ) : !chosen ? (
          <ChooseTimeStep
            staleSlot={d.staleSlot}
            days={days}
            slots={target.slots}
            today={target.today}
            onChoose={choose}
          />
        ) : (
          <PatientStep
            account={d.account}
            loginHref={loginHref}
            workAccountText={d.workAccountText}
            form={
              <BookingForm
                subject={{
                  service_id: query.service,
                  ...(query.doctorId ? { doctor_id: query.doctorId } : {}),
                }}
                lpuId={query.lpuId}
                slot={chosen.slot}
                type="clinic"
                source={query.source}
                today={target.today}
                phone={d.phone}
                onChooseSlot={(s) => choose(s.slot)}
              />
            }
          />
        )}
      </main>
      <SiteFooter />
    </>
  );
}
