/**
 * The booking form's words (docs/product/schedule-and-booking.md): titles, field messages and
 * why a booking did not happen, for a doctor and for a service. No zod here: the booked visit's
 * page and the booking steps show these without loading the validation library; the schemas
 * that use them are in contracts.ts.
 */
import type { BookingBody } from './contracts';

export const BOOKING_TITLES = {
  success: 'Вы записаны',
  failure: 'Не получилось записаться',
} as const;

export const BOOKING_ERRORS = {
  lastName: 'Укажите фамилию',
  firstName: 'Укажите имя',
  patronymic: 'Укажите отчество или отметьте «Нет отчества»',
  nameChars: 'Только буквы, дефис, апостроф и пробел',
  nameLength: 'Не длиннее 50 символов',
  birthDate: 'Укажите дату рождения',
  birthDateWrong: 'Проверьте дату рождения',
  slot: 'Выберите время приёма',
  badRequest: 'Данные для записи некорректны',
  signIn: 'Чтобы записаться, подтвердите номер телефона',
  workAccount: 'Недоступно для рабочих аккаунтов',
} as const;

/** Why a booking did not happen (409 `{reason, detail}`), in the patient's words. */
export const BOOKING_FAILURES = {
  slot_taken: 'Это время уже заняли. Выберите другое — ниже ближайшее свободное.',
  slot_unavailable: 'Этого времени нет в расписании врача: его могли изменить. Выберите другое.',
  booking_off: 'Клиника сейчас не принимает онлайн-запись к этому врачу.',
  not_found: 'Врач не принимает в этой клинике.',
  slot_past: 'Это время уже прошло. Выберите другое — ниже ближайшее свободное.',
  too_far: 'Запись на это время ещё не открыта. Выберите другое — ниже ближайшее свободное.',
  too_soon: 'На это время онлайн-запись уже закрыта. Выберите другое — ниже ближайшее свободное.',
} as const;
export type BookingFailureReason = keyof typeof BOOKING_FAILURES;

/**
 * A doctor the clinic takes no online booking of (issue 46): the ways left, on the booking page,
 * the doctor's page and the list cards.
 */
export const BOOKING_OFF_TEXTS = {
  byPhone: 'Записаться можно по телефону клиники:',
  orBelow:
    'Или оставьте заявку на звонок, и клиника перезвонит, либо попросите сообщить, когда откроется запись.',
  /** The list card's and doctor page's link to the booking page with the phone and both forms. */
  ways: 'Телефон, звонок или лист ожидания',
} as const;
export const BOOKING_FAILURE_REASONS = Object.keys(BOOKING_FAILURES) as BookingFailureReason[];
/** Refusals by the visit caps (core/booking/visit-caps.ts): their words name the visit in the way. */
export const VISIT_CAP_REASONS = ['visit_clash', 'doctor_visits_limit', 'visits_limit'] as const;
export type VisitCapReason = (typeof VISIT_CAP_REASONS)[number];

/** The visit's page after a reminder: the patient confirms they will come. */
export const CONFIRM_TEXTS = {
  ask: 'Придёте на приём? Подтвердите запись — клиника будет ждать вас.',
  button: 'Подтвердить запись',
  done: 'Вы подтвердили запись. Если планы изменятся, отмените её — время получит другой пациент.',
  byClinic:
    'Клиника подтвердила вашу запись. Если планы изменятся, отмените её — время получит другой пациент.',
} as const;

/** Refusals of moving a visit to another time (besides the booking's own reasons). */
export const RESCHEDULE_ERRORS = {
  tooLate: 'Перенести запись на сайте уже нельзя: позвоните в клинику',
  service: 'Запись на услугу так не переносится: отмените её и запишитесь на другое время.',
  sameTime: 'Запись уже на это время',
  failure: 'Не получилось перенести запись',
} as const;

/** The same reasons for a service (an MRI, an ultrasound) rather than a doctor. */
export const SERVICE_BOOKING_FAILURES: Record<BookingFailureReason, string> = {
  slot_taken: BOOKING_FAILURES.slot_taken,
  slot_unavailable: 'Этого времени нет в расписании: его могли изменить. Выберите другое.',
  booking_off: 'Клиника сейчас не принимает онлайн-запись на эту услугу.',
  not_found: 'Клиника не оказывает эту услугу.',
  slot_past: BOOKING_FAILURES.slot_past,
  too_far: BOOKING_FAILURES.too_far,
  too_soon: BOOKING_FAILURES.too_soon,
};

/** Oldest patient we accept, in years. */
export const MAX_AGE_YEARS = 120;

/** 'Иванова Анна Петровна' (no trailing space without a patronymic). */
export function fullPatientName(body: Pick<BookingBody, 'last_name' | 'first_name' | 'patronymic'>): string {
  return [body.last_name, body.first_name, body.patronymic].filter(Boolean).join(' ');
}

/**
 * The birth date field's mask 'дд.мм.гггг': digits only, the dots put in as the patient types
 * ('1403' → '14.03', '14031987' → '14.03.1987'); a browser date picker would show 'mm/dd/yyyy'
 * in an English browser.
 */
export function maskBirthDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

/** 'dd.MM.yyyy' → 'yyyy-MM-dd' for the call; anything else as it is (the schema then says what is wrong). */
export function birthDateOfMask(masked: string): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(masked.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : masked.trim();
}

/** 'yyyy-MM-dd' → 'dd.MM.yyyy' (a saved birth date in the field). */
export function maskOfBirthDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}
