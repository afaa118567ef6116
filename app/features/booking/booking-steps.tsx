import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BookingAccount, BookingViewer } from '../../../core/booking/contracts';
import { BOOKING_ERRORS, BOOKING_FAILURES } from '../../../core/booking/form';
import type { DaySlots, SlotChoice } from '../../../core/schedule/day-tabs';
import { SignInGate } from '../auth/sign-in-gate';
import { useRootAuth } from '../auth/use-root-auth';
import { AppointmentCalendar } from '../schedule/calendar';
import { BookingForm, type BookingFormProps } from './booking-form';
import { DeskPatient } from './desk-patient';
import { WorkAccountNotice } from './work-account-notice';

/**
 * The booking pages' time step (doctors and services): the calendar, with the notice that the
 * link's time is gone when it is.
 */
export function ChooseTimeStep({
  staleSlot,
  days,
  slots,
  today,
  onChoose,
}: {
  staleSlot: boolean;
  days: string[];
  slots: DaySlots;
  today: string;
  /** 'dd.MM.yyyy HH:mm'. */
  onChoose: (slot: string) => void;
}) {
  return (
    <section className="card mt-4 p-4 sm:p-5" aria-labelledby="choose-time">
      {staleSlot && (
        <p role="alert" className="mb-3 text-sm text-error">
          {BOOKING_FAILURES.slot_taken}
        </p>
      )}
      <h2 id="choose-time" className="mb-3 text-lg font-semibold">
        Выберите время
      </h2>
      <AppointmentCalendar
        days={days}
        slots={slots}
        today={today}
        onSelect={(c: SlotChoice) => onChoose(c.selectedFullDate)}
      />
    </section>
  );
}

/**
 * The booking pages' patient step: a patient gets the form; an anonymous visitor 'Подтвердить
 * номер' (the no-registration confirmation by SMS, then back to the same page, signed in);
 * staff confirm the patient's phone by SMS code and book for it; a doctor's or clinic's
 * account is refused.
 */
function PatientStep({
  account,
  loginHref,
  workAccountText,
  form,
  deskForm,
}: {
  account: BookingAccount;
  loginHref: string;
  workAccountText: string;
  form: ReactNode;
  /** Staff at the desk: the form for the patient's confirmed phone. */
  deskForm: (patient: { phone: string; shown: string }) => ReactNode;
}) {
  const { user } = useRootAuth();
  const desk = account === 'work' && user.isStaff;
  return (
    <section className="card mt-4 p-4 sm:p-5" aria-labelledby="patient">
      <h2 id="patient" className="mb-3 text-lg font-semibold">
        Пациент
      </h2>
      {account === 'anonymous' && (
        <div className="flex flex-col items-start gap-3">
          <p>{BOOKING_ERRORS.signIn}: мы пришлём код в СМС, это займёт минуту.</p>
          <SignInGate
            loginHref={loginHref}
            flow="noRegistration"
            className="rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-dark"
          >
            Подтвердить номер
          </SignInGate>
        </div>
      )}
      {account === 'work' && !desk && <WorkAccountNotice title={workAccountText} loginHref={loginHref} />}
      {desk && <DeskPatient form={deskForm} />}
      {account === 'patient' && form}
    </section>
  );
}

/**
 * The booking pages' steps below what is booked (doctors and services): the calendar until a time
 * is chosen, then the patient's step with the form for that time.
 */
export function TimeAndPatientSteps({
  viewer,
  days,
  slots,
  today,
  choose,
  loginHref,
  booking,
}: {
  viewer: BookingViewer;
  days: string[];
  slots: DaySlots;
  /** 'yyyy-MM-dd' in the clinic's zone. */
  today: string;
  /** Moves the page's time ('dd.MM.yyyy HH:mm'), as useSlotInUrl's `choose`. */
  choose: (slot: string) => void;
  loginHref: string;
  /** What the form books besides the time. */
  booking: Pick<
    BookingFormProps,
    'subject' | 'lpuId' | 'type' | 'source' | 'home' | 'clubPrice' | 'clubAmounts'
  >;
}) {
  const { chosen } = viewer;
  if (!chosen)
    return (
      <ChooseTimeStep
        staleSlot={viewer.staleSlot}
        days={days}
        slots={slots}
        today={today}
        onChoose={choose}
      />
    );
  return (
    <PatientStep
      account={viewer.account}
      loginHref={loginHref}
      workAccountText={viewer.workAccountText}
      form={
        <BookingForm
          {...booking}
          slot={chosen.slot}
          today={today}
          phone={viewer.phone}
          prefill={viewer.prefill}
          onChooseSlot={(s) => choose(s.slot)}
        />
      }
      deskForm={(patient) => (
        <BookingForm
          key={patient.phone}
          {...booking}
          // The club's prepaid coupon is a patient's own purchase, not the desk's.
          clubPrice={null}
          slot={chosen.slot}
          today={today}
          phone={patient.shown}
          patientPhone={patient.phone}
          onChooseSlot={(s) => choose(s.slot)}
        />
      )}
    />
  );
}

/**
 * The booking pages keep the chosen time in `?slot=` (a reload or the back button keeps it):
 * `choose` moves it, and the sign-in link comes back to the same page and time.
 */
export function useSlotInUrl(path: string, chosenSlot: string | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = (slot: string | null) => {
    const params = new URLSearchParams(location.search);
    if (slot) params.set('slot', slot);
    else params.delete('slot');
    return `?${params.toString()}`;
  };
  return {
    choose: (slot: string) => navigate(here(slot), { preventScrollReset: true }),
    loginHref: `/login/?kind=patient&next=${encodeURIComponent(`${path}${here(chosenSlot)}`)}`,
  };
}

/** The chosen time as the clinic's clock shows it, with 'Изменить время' back to the calendar. */
export function ChosenTime({ label, onChange }: { label: string; onChange: () => void }) {
  return (
    <p className="mt-3 text-base">
      <span className="font-semibold">{label}</span>{' '}
      <button type="button" onClick={onChange} className="ml-1 text-sm text-brand hover:underline">
        Изменить время
      </button>
    </p>
  );
}
