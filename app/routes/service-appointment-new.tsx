import { redirect } from 'react-router';
import { SERVICE_BOOKING_FAILURES } from '../../core/booking/form';
import {
  BOOKING_SOURCES,
  parseServiceBooking,
  parseServiceChoice,
  serviceAppointmentUrl,
} from '../../core/booking/urls';
import { formatRub } from '../../core/money/money';
import { daysFrom } from '../../core/schedule/free-slots';
import { SERVICE_SCHEDULE_DAYS } from '../../core/schedule/limits';
import { TimeAndPatientSteps, useSlotInUrl } from '../features/booking/booking-steps';
import { ServiceTargetCard } from '../features/booking/booking-target';
import { bookingViewer, serviceBookingCard } from '../lib/booking-page.server';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/service-appointment-new';

/**
 * `/uslugi/appointment/new/?lpu={id}&service={synonym or MIS id}&slot=dd.MM.yyyy HH:mm&source=…`
 * and `/analyses/appointment/new/`: a clinic's service booked by time (an MRI room, an
 * ultrasound machine): what is booked, a month of free days, the patient's form.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const query = parseServiceBooking(url.searchParams);
  if (!query) {
    // No service named: the only one the clinic books by time, or the patient chooses.
    const ask = parseServiceChoice(url.searchParams);
    if (!ask) throw notFound();
    const lines = await context.services.booking.bookableServicesOf({
      clinicId: ask.lpuId,
      classId: ask.classId,
      doctorId: ask.doctorId,
    });
    const urlOf = (line: { synonymId: number; doctorId: number | null }) =>
      serviceAppointmentUrl({
        lpuId: ask.lpuId,
        service: line.synonymId,
        doctorId: line.doctorId ?? undefined,
        source: BOOKING_SOURCES.find((s) => s === ask.source) ?? 'clinic_prices',
        analysis: url.pathname.startsWith('/analyses/'),
      });
    if (lines.length === 0) throw notFound();
    if (lines.length === 1) throw redirect(urlOf(lines[0]));
    return {
      choose: lines.map((l) => ({ name: l.name, price: formatRub(l.price), url: urlOf(l) })),
      origin: context.origin,
      path: url.pathname,
    } as const;
  }
  const target = await context.services.booking.serviceTarget(
    { clinicId: query.lpuId, key: query.service, doctorId: query.doctorId },
    context.viewer,
  );
  if (!target) throw notFound();
  await context.services.pageStats.bookingOpened(
    { source: query.source, doctorId: query.doctorId, clinicId: query.lpuId },
    { ...context.visitor, viewer: context.viewer },
  );
  return {
    choose: null,
    origin: context.origin,
    path: url.pathname,
    query,
    target: serviceBookingCard(target),
    ...bookingViewer(
      context.viewer,
      target,
      query.slot,
      await context.services.booking.patientDetails(context.viewer),
    ),
    noSlots: target.appointmentOn && Object.keys(target.slots).length === 0,
  };
}

// A personal page (who is signed in, live slots): never shared by a cache.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title:
      loaderData && !loaderData.choose
        ? `Запись: ${loaderData.target.serviceName} — ${loaderData.target.clinicName}`
        : 'Запись на услугу — ПроДокторов',
    description: 'Онлайн-запись на услугу клиники.',
    canonical: `${loaderData?.origin ?? ''}${loaderData?.path ?? '/uslugi/appointment/new/'}`,
    noindex: true,
  }),
];

export default function ServiceAppointmentNew({ loaderData }: Route.ComponentProps) {
  if (loaderData.choose) return <ChooseService services={loaderData.choose} />;
  return <ServiceBooking d={loaderData} />;
}

/** The service link named no service and the clinic books several by time: the patient picks one. */
function ChooseService({ services }: { services: { name: string; price: string; url: string }[] }) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Запись на услугу</h1>
      <h2 className="mt-4 text-lg font-semibold">Выберите услугу</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {services.map((s) => (
          <li key={s.url}>
            <a href={s.url} className="card flex justify-between gap-4 p-4 hover:border-brand sm:p-5">
              <span className="font-semibold text-brand">{s.name}</span>
              <span className="shrink-0 text-ink">{s.price}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

type Booking = Exclude<Route.ComponentProps['loaderData'], { choose: readonly unknown[] }>;

function ServiceBooking({ d }: { d: Booking }) {
  const { target, query, chosen } = d;
  const days = daysFrom(target.today, SERVICE_SCHEDULE_DAYS);
  const { choose, loginHref } = useSlotInUrl(d.path, chosen?.slot ?? null);

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Запись на услугу</h1>
      <ServiceTargetCard target={target} chosen={chosen} onChangeTime={() => choose('')} />
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
      ) : (
        <TimeAndPatientSteps
          viewer={d}
          days={days}
          slots={target.slots}
          today={target.today}
          choose={choose}
          loginHref={loginHref}
          booking={{
            subject: {
              service_id: query.service,
              ...(query.doctorId ? { doctor_id: query.doctorId } : {}),
            },
            lpuId: query.lpuId,
            type: 'clinic',
            source: query.source,
            clubPrice: target.clubPrice,
            clubAmounts: target.clubAmounts,
          }}
        />
      )}
    </>
  );
}
