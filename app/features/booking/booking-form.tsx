import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { createAppointment } from '../../../core/booking/calls';
import { type BookingViewer, bookingSchema, type OfferedSlot } from '../../../core/booking/contracts';
import { BOOKING_TITLES, birthDateOfMask, maskBirthDate, maskOfBirthDate } from '../../../core/booking/form';
import type { VisitType } from '../../../core/booking/urls';
import { clubCouponRequest } from '../../../core/club/calls';
import { fieldErrors } from '../../../core/http/contracts';
import { LEGAL_URLS } from '../../../core/legal/urls';
import { formatSlotShort } from '../../../core/schedule/day-tabs';
import { api } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';
import {
  type ClubBookingChoice,
  ClubBookingOption,
  clubBookingReady,
  NO_CLUB_BOOKING,
} from '../club/club-booking-option';
import { type BookingOutcome, failed, outcomeOf } from './booking-outcome';
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
  /** The patient's details from their last booking: the form comes filled. */
  prefill?: BookingViewer['prefill'];
  /**
   * Staff booking at the desk: the patient's phone they confirmed by SMS code, 10 digits
   * without the country code. No hold is taken (holds are a patient's).
   */
  patientPhone?: string;
}

type Fields = {
  last_name: string;
  first_name: string;
  patronymic: string;
  no_patronymic: boolean;
  /** As typed: 'дд.мм.гггг'. */
  birth_date: string;
};

const EMPTY: Fields = { last_name: '', first_name: '', patronymic: '', no_patronymic: false, birth_date: '' };

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function TextField({
  label,
  name,
  value,
  error,
  disabled,
  autoComplete,
  placeholder,
  numeric = false,
  onChange,
}: {
  label: string;
  name: keyof Fields;
  value: string;
  error?: string;
  disabled?: boolean;
  autoComplete: string;
  /** A masked field: digits only on phones' keyboards, and the mask's shape as the hint. */
  placeholder?: string;
  numeric?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="w-full scroll-mt-28 rounded-lg border border-line bg-surface px-3 py-2.5 text-base disabled:bg-line/40 aria-[invalid=true]:border-error"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The patient's details and 'Записаться': the shared zod schema checks the fields before the
 * call, the server checks them again. One press is one
 * request_key, so a retry after a lost answer cannot book twice.
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
  prefill = null,
  patientPhone,
}: BookingFormProps) {
  const [club, setClub] = useState<ClubBookingChoice>(NO_CLUB_BOOKING);
  const [fields, setFields] = useState<Fields>(
    prefill ? { ...prefill, birth_date: maskOfBirthDate(prefill.birth_date) } : EMPTY,
  );
  // 'Записать другого человека': the form empties, and the patient's own details stay as saved.
  const [someoneElse, setSomeoneElse] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const requestKey = useRef(newKey());
  const failureHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The time is kept for the patient while the form is filled, and let go on leaving.
  const booked = useRef(false);
  const hydrated = useHydrated();
  // A newly chosen time is on its way (the page reads it again): until it has come, the form
  // still holds the old one, and a press would book that (a false 'Не получилось записаться').
  const choosing = useNavigation().state !== 'idle';
  // A hold refused after this form booked the time (it was still in flight) is no news.
  const holdId = useSlotHold(
    { ...subject, lpu_id: lpuId, slot, type },
    booked,
    (refusal) => {
      if (!booked.current) setOutcome(failed(refusal));
    },
    patientPhone === undefined,
  );

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || choosing) return;
    const body = {
      ...fields,
      birth_date: birthDateOfMask(fields.birth_date),
      someone_else: someoneElse,
      ...subject,
      lpu_id: lpuId,
      slot,
      type,
      hold_id: holdId,
      request_key: requestKey.current,
      source: source ?? undefined,
      patient_phone: patientPhone,
    };
    const parsed = bookingSchema(today).safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      // Focus the first wrong field, in the form's order.
      const first = formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
      requestAnimationFrame(() =>
        (formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]') ?? first)?.focus(),
      );
      return;
    }
    if (!clubBookingReady(club)) {
      setClub({ ...club, touched: true });
      return;
    }
    setBusy(true);
    setOutcome(null);
    let result: BookingOutcome;
    try {
      if (club.on) {
        // The slot is held for 20 minutes while the coupon is prepaid at the provider.
        const created = await api.send(clubCouponRequest, {
          body: {
            booking: body,
            receipt_email: club.email.trim(),
            return_url: `${window.location.pathname}${window.location.search}`,
          },
        });
        booked.current = true;
        window.location.assign(created.provider_payment_data.url);
        return;
      }
      const { appointment } = await api.send(createAppointment, { body });
      booked.current = true;
      window.location.assign(appointment.url);
      return;
    } catch (error) {
      result = outcomeOf(error);
    }
    setBusy(false);
    if (result.kind === 'invalid') setErrors(result.errors);
    if (result.kind === 'failed') {
      // This press is over: the next one is a new request.
      requestKey.current = newKey();
      requestAnimationFrame(() => failureHeading.current?.focus());
    }
    setOutcome(result);
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Данные пациента"
    >
      {outcome?.kind === 'failed' && (
        <div className="rounded-xl border border-error/40 bg-error/5 p-4" role="alert">
          <h2 ref={failureHeading} tabIndex={-1} className="text-lg font-semibold">
            {outcome.title || BOOKING_TITLES.failure}
          </h2>
          <p className="mt-1 text-sm">{outcome.detail}</p>
          {outcome.alternatives.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Ближайшее свободное время">
              {outcome.alternatives.map((s) => (
                <li key={s.slot}>
                  <button
                    type="button"
                    onClick={() => {
                      setOutcome(null);
                      onChooseSlot(s);
                    }}
                    className="rounded-lg border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand-soft"
                  >
                    {formatSlotShort(s.day, s.time)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {outcome?.kind === 'error' && (
        <p role="alert" className="text-sm text-error">
          {outcome.detail}
        </p>
      )}
      {prefill && !someoneElse && (
        <button
          type="button"
          onClick={() => {
            setSomeoneElse(true);
            setFields(EMPTY);
            setErrors({});
          }}
          className="self-start text-sm text-brand hover:underline"
        >
          Записать другого человека
        </button>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Фамилия"
          name="last_name"
          autoComplete="family-name"
          value={fields.last_name}
          error={errors.last_name}
          onChange={(v) => set('last_name', v)}
        />
        <TextField
          label="Имя"
          name="first_name"
          autoComplete="given-name"
          value={fields.first_name}
          error={errors.first_name}
          onChange={(v) => set('first_name', v)}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Отчество"
            name="patronymic"
            autoComplete="additional-name"
            value={fields.no_patronymic ? '' : fields.patronymic}
            disabled={fields.no_patronymic}
            error={errors.patronymic}
            onChange={(v) => set('patronymic', v)}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={fields.no_patronymic}
              onChange={(e) => set('no_patronymic', e.target.checked)}
              className="size-4 accent-brand"
            />
            Нет отчества
          </label>
        </div>
        <TextField
          label="Дата рождения"
          name="birth_date"
          placeholder="дд.мм.гггг"
          numeric
          autoComplete="bday"
          value={fields.birth_date}
          error={errors.birth_date}
          onChange={(v) => set('birth_date', maskBirthDate(v))}
        />
      </div>
      {holdId !== undefined && (
        <p className="text-sm text-ink-soft" role="status">
          Мы придержим это время за вами 10 минут, пока вы заполняете данные.
        </p>
      )}
      <p className="text-sm">
        Телефон: <span className="font-medium">{phone}</span>
        <span className="block text-ink-soft">На этот номер придёт СМС с деталями записи.</span>
      </p>
      {clubPrice && <ClubBookingOption clubPrice={clubPrice} value={club} onChange={setClub} />}
      <button
        type="submit"
        // Disabled until hydrated: a native submit would put the patient's details in the URL.
        disabled={busy || !hydrated || choosing}
        className="rounded-lg bg-brand px-6 py-3 font-medium text-white hover:bg-brand-dark disabled:opacity-60 sm:self-start"
      >
        {busy ? 'Записываем…' : 'Записаться'}
      </button>
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
    </form>
  );
}
