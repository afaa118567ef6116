import { redirect } from 'react-router';
import { BOOKING_FAILURES, BOOKING_OFF_TEXTS } from '../../core/booking/form';
import { parseDoctorBooking } from '../../core/booking/urls';
import { formatVisitTime } from '../../core/booking/visit';
import { daysFrom } from '../../core/schedule/free-slots';
import { TimeAndPatientSteps, useSlotInUrl } from '../features/booking/booking-steps';
import { DoctorTargetCard } from '../features/booking/booking-target';
import { CallbackSection } from '../features/booking/callback-form';
import { ClinicPhoneLink } from '../features/booking/clinic-phone';
import { RescheduleStep } from '../features/booking/reschedule-step';
import { WaitlistSection } from '../features/booking/waitlist-form';
import { bookingViewer, callbackOffer, doctorBookingCard } from '../lib/booking-page.server';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/appointment-new';

/**
 * `/appointment/new/?doctor={id}&lpu={id}&slot=dd.MM.yyyy HH:mm&source=…` (the booking link of
 * docs/product/schedule-and-booking.md): what is being booked, the free days to pick a time
 * from, and the patient's form.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const query = parseDoctorBooking(url.searchParams);
  if (!query) throw notFound();
  if (!query.lpuId) {
    // A link without the clinic: the only one the doctor books at, or the patient chooses.
    const clinics = await context.services.booking.bookableClinicsOf(query.doctorId);
    const withClinic = (id: number) => {
      const q = new URLSearchParams(url.searchParams);
      q.set('lpu', String(id));
      return `${url.pathname}?${q}`;
    };
    if (clinics.length === 0) throw notFound();
    if (clinics.length === 1) throw redirect(withClinic(clinics[0].clinicId));
    return {
      choose: clinics.map((c) => ({ ...c, url: withClinic(c.clinicId) })),
      origin: context.origin,
    } as const;
  }
  const target = await context.services.booking.target(
    query.doctorId,
    query.lpuId,
    query.type,
    context.viewer,
  );
  if (!target) throw notFound();
  // ?reschedule={id}[&token=]: moving this visit (the patient's own, or by its link's token).
  const moving = url.searchParams.get('reschedule');
  let reschedule: { id: number; token: string | null; current: string } | null = null;
  if (moving !== null) {
    const id = /^\d{1,9}$/.test(moving) ? Number(moving) : 0;
    const token = url.searchParams.get('token');
    const seen = id ? await context.services.booking.view(context.viewer, id, token) : null;
    const a = seen?.appointment;
    if (!a || !seen?.canCancel || a.doctorId !== query.doctorId || a.clinicId !== query.lpuId)
      throw notFound();
    reschedule = { id, token, current: formatVisitTime(a.startsAt, target.tz) };
  } else {
    await context.services.pageStats.bookingOpened(
      { source: query.source, doctorId: query.doctorId, clinicId: query.lpuId },
      { ...context.visitor, viewer: context.viewer },
    );
  }
  return {
    choose: null,
    reschedule,
    origin: context.origin,
    query: { ...query, lpuId: query.lpuId },
    target: doctorBookingCard(target),
    ...bookingViewer(
      context.viewer,
      target,
      query.slot,
      await context.services.booking.patientDetails(context.viewer),
    ),
    // No free time in two weeks: the patient may ask the clinic to call back instead.
    callback: callbackOffer(target, context.clock.now()),
    // A home visit's form asks the address: the town's districts, the clinic's area and window.
    home:
      query.type === 'home' && !reschedule
        ? await context.services.booking.homeVisitSetup(context.viewer, query.lpuId)
        : null,
  };
}

// A personal page (who is signed in, live slots): never shared by a cache.
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title:
      loaderData && !loaderData.choose
        ? `Запись к врачу ${loaderData.target.doctorName} — ПроДокторов`
        : 'Запись к врачу — ПроДокторов',
    description: 'Онлайн-запись на приём к врачу.',
    canonical: `${loaderData?.origin ?? ''}/appointment/new/`,
    noindex: true,
  }),
];

export default function AppointmentNew({ loaderData }: Route.ComponentProps) {
  if (loaderData.choose) return <ChooseClinic clinics={loaderData.choose} />;
  return <DoctorBooking d={loaderData} />;
}

/** The booking link named no clinic and the doctor books at several: the patient picks one. */
function ChooseClinic({
  clinics,
}: {
  clinics: { clinicId: number; clinicName: string; address: string; url: string }[];
}) {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Запись на приём</h1>
      <h2 className="mt-4 text-lg font-semibold">Выберите клинику</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {clinics.map((c) => (
          <li key={c.clinicId}>
            <a href={c.url} className="card block p-4 hover:border-brand sm:p-5">
              <span className="block font-semibold text-brand">{c.clinicName}</span>
              <span className="block text-sm text-ink-soft">{c.address}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The clinic takes no online booking of the doctor (issue 46): not a dead end — its phone (a press
 * counts in the doctor's effectiveness report), then the callback and the waitlist below.
 */
function BookingOffNote({ phone, doctorId }: { phone: string | null; doctorId: number }) {
  return (
    <section className="card mt-4 p-4 sm:p-5" role="status" aria-labelledby="booking-off">
      <h2 id="booking-off" className="font-semibold">
        {BOOKING_FAILURES.booking_off}
      </h2>
      {phone ? (
        <p className="mt-2">
          {BOOKING_OFF_TEXTS.byPhone}{' '}
          <ClinicPhoneLink
            phone={phone}
            countAs={{ kind: 'doctor', id: doctorId }}
            className="inline-block py-1 text-lg font-semibold text-brand hover:underline"
          />
        </p>
      ) : null}
      <p className="mt-1 text-sm text-ink-soft">{BOOKING_OFF_TEXTS.orBelow}</p>
    </section>
  );
}

type Booking = Exclude<Route.ComponentProps['loaderData'], { choose: readonly unknown[] }>;

function DoctorBooking({ d }: { d: Booking }) {
  const { target, query, chosen } = d;
  const days = daysFrom(target.today, target.scheduleDays);
  const { choose, loginHref } = useSlotInUrl('/appointment/new/', chosen?.slot ?? null);

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {d.reschedule ? 'Перенос записи' : 'Запись на приём'}
      </h1>
      <DoctorTargetCard target={target} type={query.type} chosen={chosen} onChangeTime={() => choose('')} />
      {d.reschedule ? (
        <RescheduleStep
          appointmentId={d.reschedule.id}
          token={d.reschedule.token}
          current={d.reschedule.current}
          viewer={d}
          days={days}
          slots={target.slots}
          today={target.today}
          choose={choose}
        />
      ) : !target.appointmentOn ? (
        <>
          <BookingOffNote phone={target.clinicPhone} doctorId={query.doctorId} />
          {d.callback && (
            <CallbackSection
              account={d.account}
              loginHref={loginHref}
              workAccountText={d.workAccountText}
              doctorId={query.doctorId}
              lpuId={query.lpuId}
              choices={d.callback}
            />
          )}
        </>
      ) : d.callback ? (
        <CallbackSection
          account={d.account}
          loginHref={loginHref}
          workAccountText={d.workAccountText}
          doctorId={query.doctorId}
          lpuId={query.lpuId}
          choices={d.callback}
        />
      ) : (
        <TimeAndPatientSteps
          viewer={d}
          days={days}
          slots={target.slots}
          today={target.today}
          choose={choose}
          loginHref={loginHref}
          booking={{
            subject: { doctor_id: query.doctorId },
            lpuId: query.lpuId,
            type: query.type,
            source: query.source,
            home: d.home,
            clubPrice: target.clubPrice,
            clubAmounts: target.clubAmounts,
          }}
        />
      )}
      {!d.reschedule && (
        <WaitlistSection
          target={{
            doctorId: query.doctorId,
            lpuId: query.lpuId,
            type: query.type,
            today: target.today,
            account: d.account,
            loginHref,
            workAccountText: d.workAccountText,
          }}
        />
      )}
    </>
  );
}
