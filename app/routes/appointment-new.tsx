import { CALLBACK_TEXTS, callbackChoices } from '../../core/booking/callback';
import { BOOKING_FAILURES } from '../../core/booking/form';
import { parseDoctorBooking, type VisitType } from '../../core/booking/urls';
import { formatDayWithWeekday } from '../../core/booking/visit';
import { formatRub } from '../../core/money/money';
import { addDays } from '../../core/schedule/free-slots';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { BookingForm } from '../features/booking/booking-form';
import { ChooseTimeStep, ChosenTime, PatientStep, useSlotInUrl } from '../features/booking/booking-steps';
import { CallbackForm } from '../features/booking/callback-form';
import { bookingPageState } from '../lib/booking-page.server';
import { notFound, pageMeta } from '../lib/seo';
import { originOf } from '../lib/town.server';
import type { Route } from './+types/appointment-new';

const VISIT_LABELS: Record<VisitType, string> = {
  clinic: 'Приём в клинике',
  home: 'Вызов врача на дом',
  telemed: 'Онлайн-консультация',
};

/**
 * `/appointment/new/?doctor={id}&lpu={id}&slot=dd.MM.yyyy HH:mm&source=…` (spec 'Booking
 * redirects'): what is being booked, the free days to pick a time from, and the patient's form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseDoctorBooking(url.searchParams);
  if (!query?.lpuId) throw notFound();
  const target = await context.services.booking.target(
    query.doctorId,
    query.lpuId,
    query.type,
    context.viewer,
  );
  if (!target) throw notFound();
  const { viewer } = context;
  return {
    origin: originOf(request),
    query: { ...query, lpuId: query.lpuId },
    target: {
      doctorName: target.doctorName,
      doctorUrl: target.doctorUrl,
      photoUrl: target.photoUrl,
      specialities: target.specialities,
      clinicName: target.clinicName,
      clinicUrl: target.clinicUrl,
      address: target.address,
      metro: target.metro,
      appointmentOn: target.appointmentOn,
      // Formatted here: the page's bundle then shares no small chunk with the list pages.
      price: target.price === null ? null : formatRub(target.price),
      clubPrice: target.clubEnabled && target.clubPrice !== null ? formatRub(target.clubPrice) : null,
      today: target.today,
      slots: target.slots,
    },
    ...bookingPageState(viewer, target, query.slot),
    // No free time in two weeks: the patient may ask the clinic to call back instead.
    callback:
      target.appointmentOn && Object.keys(target.slots).length === 0
        ? callbackChoices(context.clock.now(), target.tz).map((c) => ({
            ...c,
            label: formatDayWithWeekday(c.date),
          }))
        : null,
  };
}

// A personal page (who is signed in, live slots): never shared by a cache.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData
      ? `Запись к врачу ${loaderData.target.doctorName} — ПроДокторов`
      : 'Запись к врачу — ПроДокторов',
    description: 'Онлайн-запись на приём к врачу.',
    canonical: `${loaderData?.origin ?? ''}/appointment/new/`,
    noindex: true,
  }),
];

export default function AppointmentNew({ loaderData: d }: Route.ComponentProps) {
  const { target, query, chosen } = d;
  const days = Array.from({ length: 14 }, (_, i) => addDays(target.today, i));
  const { choose, loginHref } = useSlotInUrl('/appointment/new/', chosen?.slot ?? null);

  return (
    <>
      <SiteHeader town={null} />
      <main id="content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Запись на приём</h1>

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
            <p className="mt-2 font-medium">
              <a href={target.clinicUrl} className="hover:text-brand">
                {target.clinicName}
              </a>
            </p>
            <p className="text-ink-soft">{target.address}</p>
            {target.metro && <p className="text-muted">м. {target.metro}</p>}
            <p className="mt-2">{VISIT_LABELS[query.type]}</p>
            {target.price !== null && (
              <p className="mt-1">
                Стоимость приёма: <span className="font-semibold">{target.price}</span>
                {target.clubPrice !== null && (
                  <span className="ml-2 text-brand">по клубной карте {target.clubPrice}</span>
                )}
              </p>
            )}
            {chosen && <ChosenTime label={chosen.label} onChange={() => choose('')} />}
          </div>
        </section>

        {!target.appointmentOn ? (
          <p className="card mt-4 p-5" role="status">
            {BOOKING_FAILURES.booking_off}
          </p>
        ) : d.callback ? (
          <section className="card mt-4 p-4 sm:p-5" aria-labelledby="callback">
            <h2 id="callback" className="text-lg font-semibold">
              {CALLBACK_TEXTS.title}
            </h2>
            <p className="mb-4 mt-1 text-sm text-ink-soft">{CALLBACK_TEXTS.lead}</p>
            {d.account === 'patient' ? (
              <CallbackForm doctorId={query.doctorId} lpuId={query.lpuId} choices={d.callback} />
            ) : d.account === 'work' ? (
              <p role="status">{d.workAccountText}</p>
            ) : (
              <a
                href={loginHref}
                className="inline-block rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-dark"
              >
                Подтвердить номер
              </a>
            )}
          </section>
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
                subject={{ doctor_id: query.doctorId }}
                lpuId={query.lpuId}
                slot={chosen.slot}
                type={query.type}
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
