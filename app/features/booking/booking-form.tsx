import { useId, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { createAppointment } from '../../../core/booking/calls';
import {
  type BookingRequest,
  type BookingViewer,
  bookingSchema,
  type OfferedSlot,
} from '../../../core/booking/contracts';
import { BOOKING_TITLES, birthDateOfMask, maskOfBirthDate } from '../../../core/booking/form';
import type { HomeVisitSetup } from '../../../core/booking/home-address';
import type { VisitType } from '../../../core/booking/urls';
import { clubCouponRequest } from '../../../core/club/calls';
import { fieldErrors } from '../../../core/http/contracts';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { Button } from '../../components/ui/button';
import { Form, FormStatus } from '../../components/ui/form';
import { useCall } from '../../lib/use-call';
import {
  type ClubBookingChoice,
  ClubBookingOption,
  clubBookingReady,
  NO_CLUB_BOOKING,
} from '../club/club-booking-option';
import { type TimeGoneOutcome, timeGoneOf } from './booking-outcome';
import {
  HomeAddressFields,
  type HomeAddressForm,
  homeAddressErrors,
  homeAddressOf,
  homeAddressRequest,
} from './home-address-fields';
import { NO_PATIENT, type PatientFields, PatientFieldsGrid } from './patient-fields';
import { fieldsFor, PersonChoice, type PersonChoiceValue, useRelatives } from './person-choice';
import { TimeGoneNotice } from './time-gone-notice';
import { useSlotHold } from './use-slot-hold';

/** Who or what is booked, as the booking call names it: a doctor, or a clinic's service line. */
export type BookingSubject = { doctor_id: number } | { service_id: string; doctor_id?: number };

export interface BookingFormProps {
  subject: BookingSubject;
  lpuId: number;
  /** 'dd.MM.yyyy HH:mm'. */
  slot: string;
  type: VisitType;
  source: string | null;
  /** 'yyyy-MM-dd' in the clinic's zone: the latest birth date. */
  today: string;
  /** The confirmed phone of the account, formatted. */
  phone: string;
  /** A failed booking offers these instead; choosing one changes the page's slot. */
  onChooseSlot: (slot: OfferedSlot) => void;
  /** The club price ('1 750 ₽') when the clinic takes the club card: booking at it prepays a coupon. */
  clubPrice?: string | null;
  /** The regular and club prices in roubles: the breakdown before the checkout. */
  clubAmounts?: { full: number; club: number } | null;
  /** A home visit: the town's districts, the clinic's area and window, the last address (the form asks where). */
  home?: HomeVisitSetup | null;
  /** The patient's details from their last booking: the form comes filled. */
  prefill?: BookingViewer['prefill'];
  /**
   * Staff booking at the desk: the patient's phone they confirmed by SMS code, 10 digits
   * without the country code. No hold is taken (holds are a patient's).
   */
  patientPhone?: string;
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The patient's details and 'Записаться': the shared zod schema checks the fields before the
 * call, the server checks them again. One press is one request_key, so a retry after a lost
 * answer cannot book twice. A time gone meanwhile (the hold's or the booking's 409) says so and
 * offers the nearest free times.
 */
export function BookingForm({
  subject,
  lpuId,
  slot,
  type,
  source,
  today,
  phone,
  onChooseSlot,
  clubPrice = null,
  clubAmounts = null,
  home = null,
  prefill = null,
  patientPhone,
}: BookingFormProps) {
  const [club, setClub] = useState<ClubBookingChoice>(NO_CLUB_BOOKING);
  const [fields, setFields] = useState<PatientFields>(
    prefill ? { ...prefill, birth_date: maskOfBirthDate(prefill.birth_date) } : NO_PATIENT,
  );
  // 'Записать другого человека': the form empties, and the patient's own details stay as saved.
  const [someoneElse, setSomeoneElse] = useState(false);
  // 'Кого записываете' (a patient with relatives in the profile): a relative is booked under their
  // own name and birth date, which the server takes from the profile by `relative_id`.
  const relatives = useRelatives(patientPhone === undefined);
  const [person, setPerson] = useState<PersonChoiceValue>('self');
  const choosePerson = (next: PersonChoiceValue) => {
    setPerson(next);
    setSomeoneElse(next !== 'self');
    setFields(fieldsFor(next, prefill, relatives));
    setErrors({});
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A home visit asks where the doctor goes; a clinic visit stays two taps.
  const [address, setAddress] = useState<HomeAddressForm>(() => homeAddressOf(home));
  const asksAddress = type === 'home' && home !== null;
  const [gone, setGone] = useState<TimeGoneOutcome | null>(null);
  const book = useCall(createAppointment);
  const prepay = useCall(clubCouponRequest);
  // Booked: the page is on its way to the visit (or the checkout), the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const requestKey = useRef(newKey());
  const failureHeading = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  // The time is kept for the patient while the form is filled, and let go on leaving.
  const booked = useRef(false);
  // A newly chosen time is on its way (the page reads it again): until it has come, the form
  // still holds the old one, and a press would book that (a false 'Не получилось записаться').
  const choosing = useNavigation().state !== 'idle';
  // A hold refused after this form booked the time (it was still in flight) is no news.
  const holdId = useSlotHold(
    { ...subject, lpu_id: lpuId, slot, type },
    booked,
    (refusal) => {
      if (!booked.current) setGone(refusal);
    },
    patientPhone === undefined,
  );
  const sending = {
    busy: book.busy || prepay.busy || leaving,
    done: false,
    error: book.error ?? prepay.error,
    fieldErrors: { ...book.fieldErrors, ...prepay.fieldErrors },
  };

  const set = <K extends keyof PatientFields>(key: K, value: PatientFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** The booking call, or the club coupon's (the slot is held 20 minutes while it is prepaid). */
  async function send(body: BookingRequest) {
    if (!club.on) {
      const outcome = await book.run({ body });
      return outcome.ok ? { url: outcome.reply.appointment.url } : outcome;
    }
    const outcome = await prepay.run({
      body: {
        booking: body,
        receipt_email: club.email.trim(),
        return_url: `${window.location.pathname}${window.location.search}`,
      },
    });
    return outcome.ok ? { url: outcome.reply.provider_payment_data.url } : outcome;
  }

  async function submit() {
    if (sending.busy || choosing) return;
    const body = {
      ...fields,
      birth_date: birthDateOfMask(fields.birth_date),
      someone_else: someoneElse,
      relative_id: typeof person === 'number' ? person : undefined,
      ...subject,
      lpu_id: lpuId,
      slot,
      type,
      hold_id: holdId,
      request_key: requestKey.current,
      source: source ?? undefined,
      patient_phone: patientPhone,
      home_address: asksAddress ? homeAddressRequest(address) : undefined,
    };
    const parsed = bookingSchema(today).safeParse(body);
    const addressErrors = home && asksAddress ? homeAddressErrors(address, home) : {};
    if (!parsed.success || Object.keys(addressErrors).length > 0) {
      const all: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
      // The address's own fields say what is wrong with it: not the schema's one line for it.
      const { home_address: _byField, ...rest } = all;
      setErrors({ ...rest, ...addressErrors });
      // Focus the first wrong field, in the form's order, once the messages are drawn.
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (!clubBookingReady(club)) {
      setClub({ ...club, touched: true });
      return;
    }
    setGone(null);
    book.reset();
    prepay.reset();
    const result = await send(body);
    if ('url' in result) {
      booked.current = true;
      setLeaving(true);
      window.location.assign(result.url);
      return;
    }
    setErrors(result.refusal?.errors ?? {});
    const timeGone = timeGoneOf(result.refusal);
    if (timeGone) {
      // This press is over: the next one is a new request; the notice says why, not the status.
      requestKey.current = newKey();
      book.reset();
      prepay.reset();
      setGone(timeGone);
      requestAnimationFrame(() => failureHeading.current?.focus());
    }
  }

  return (
    <Form
      id={formId}
      call={sending}
      onSubmit={() => void submit()}
      className="flex flex-col gap-4"
      aria-label="Данные пациента"
    >
      {gone && (
        <TimeGoneNotice
          className="rounded-xl border border-error/40 bg-error/5 p-4"
          heading={
            <h2 ref={failureHeading} tabIndex={-1} className="text-lg font-semibold">
              {gone.title || BOOKING_TITLES.failure}
            </h2>
          }
          detail={gone.detail}
          alternatives={gone.alternatives}
          clash={gone.clash}
          onChoose={(s) => {
            setGone(null);
            onChooseSlot(s);
          }}
        />
      )}
      <FormStatus call={sending} className="text-sm" />
      {relatives.length > 0 && (
        <PersonChoice
          relatives={relatives}
          value={person}
          onChange={choosePerson}
          error={typeof person === 'number' ? (errors.birth_date ?? errors.last_name) : undefined}
        />
      )}
      {relatives.length === 0 && prefill && !someoneElse && (
        <Button
          variant="link"
          className="self-start text-sm"
          onClick={() => {
            setSomeoneElse(true);
            setFields(NO_PATIENT);
            setErrors({});
          }}
        >
          Записать другого человека
        </Button>
      )}
      {typeof person !== 'number' && <PatientFieldsGrid fields={fields} errors={errors} set={set} />}
      {home && asksAddress && (
        <HomeAddressFields
          setup={home}
          value={address}
          errors={errors}
          slot={slot}
          onChange={(key, value) => {
            setAddress((a) => ({ ...a, [key]: value }));
            setErrors(
              ({ [key === 'district' ? 'district_id' : key]: _gone, home_address: _area, ...rest }) => rest,
            );
          }}
        />
      )}
      {holdId !== undefined && (
        <p className="text-sm text-ink-soft" role="status">
          Мы придержим это время за вами 10 минут, пока вы заполняете данные.
        </p>
      )}
      <p className="text-sm">
        Телефон: <span className="font-medium">{phone}</span>
        <span className="block text-ink-soft">На этот номер придёт СМС с деталями записи.</span>
      </p>
      {clubPrice && (
        <ClubBookingOption clubPrice={clubPrice} amounts={clubAmounts} value={club} onChange={setClub} />
      )}
      {/* Disabled until hydrated (Button): a native submit would put the patient's details in the URL. */}
      <Button type="submit" busy={sending.busy} disabled={choosing} className="sm:self-start">
        {sending.busy ? 'Записываем…' : 'Записаться'}
      </Button>
      <p className="text-xs text-muted" data-testid="consent-note">
        Нажимая «Записаться», вы соглашаетесь на{' '}
        <a href={LEGAL_URLS.privacy} className="text-brand underline">
          обработку персональных данных
        </a>{' '}
        для записи {'service_id' in subject ? 'в клинику' : 'к врачу'} и с{' '}
        <a href={LEGAL_URLS.terms} className="text-brand underline">
          пользовательским соглашением
        </a>
        .
      </p>
    </Form>
  );
}
