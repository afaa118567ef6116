/**
 * The booking form and call (issue 4, spec 'Booking redirects' and 'Club and booking'): one
 * zod schema checks the page's fields in the browser and the call's body on the server, so
 * both say the same words.
 */
import { z } from 'zod';
import { ServiceKey } from '../schedule/services-call';
import { VISIT_TYPES } from './urls';

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
} as const;
export type BookingFailureReason = keyof typeof BOOKING_FAILURES;

/** The same reasons for a service (an MRI, an ultrasound) rather than a doctor. */
export const SERVICE_BOOKING_FAILURES: Record<BookingFailureReason, string> = {
  slot_taken: BOOKING_FAILURES.slot_taken,
  slot_unavailable: 'Этого времени нет в расписании: его могли изменить. Выберите другое.',
  booking_off: 'Клиника сейчас не принимает онлайн-запись на эту услугу.',
  not_found: 'Клиника не оказывает эту услугу.',
};

/**
 * Who or what is booked: a doctor (`doctor_id`), or a clinic's service (`service_id`: a synonym
 * id or the clinic's MIS id, as the services schedule call names it; with `doctor_id`, that
 * doctor's line of it).
 */
function oneSubject(body: { doctor_id?: number; service_id?: string }, ctx: z.RefinementCtx) {
  if (body.doctor_id === undefined && body.service_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['doctor_id'], message: BOOKING_ERRORS.badRequest });
}

/** Oldest patient we accept, in years. */
export const MAX_AGE_YEARS = 120;

// Cyrillic and Latin letters (with ё), hyphen, apostrophe and inner spaces: 'Салтыков-Щедрин', "О'Нил".
const NAME_RE = /^[A-Za-zА-Яа-яЁё]+(?:[ '’-][A-Za-zА-Яа-яЁё]+)*$/;

const name = (required: string) =>
  z
    .string(required)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z.string().min(1, required).max(50, BOOKING_ERRORS.nameLength).regex(NAME_RE, BOOKING_ERRORS.nameChars),
    );

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Built once: constructing a zod schema costs more than running it. */
const patronymicName = name(BOOKING_ERRORS.patronymic);

/** 'yyyy-MM-dd' that is a real calendar date. */
function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * The body of `POST /ajax/appointment/create/`. `today` ('yyyy-MM-dd' in the clinic's zone)
 * bounds the birth date: not in the future, not more than 120 years ago.
 */
export function bookingSchema(today: string) {
  const oldest = `${Number(today.slice(0, 4)) - MAX_AGE_YEARS}${today.slice(4)}`;
  return z
    .object({
      doctor_id: id.optional(),
      service_id: ServiceKey.optional(),
      lpu_id: id,
      /** 'dd.MM.yyyy HH:mm' in the clinic's zone, as the redirect carries it. */
      slot: z.string(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
      type: z.enum(VISIT_TYPES).default('clinic'),
      last_name: name(BOOKING_ERRORS.lastName),
      first_name: name(BOOKING_ERRORS.firstName),
      patronymic: z.string().default(''),
      no_patronymic: z.boolean().default(false),
      birth_date: z
        .string(BOOKING_ERRORS.birthDate)
        .min(1, BOOKING_ERRORS.birthDate)
        .refine((s) => isCalendarDate(s) && s <= today && s >= oldest, BOOKING_ERRORS.birthDateWrong),
      /** The time kept for the patient while filling the form (POST /ajax/appointment/hold/). */
      hold_id: id.optional(),
      /** One press of 'Записаться' (a UUID): the same key books once. */
      request_key: z.string().min(8).max(64),
      source: z.string().max(40).optional(),
    })
    .superRefine(
      (body, ctx) => {
        oneSubject(body, ctx);
        if (body.no_patronymic === true) return;
        const patronymic = patronymicName.safeParse(body.patronymic ?? '');
        if (!patronymic.success)
          ctx.addIssue({ code: 'custom', path: ['patronymic'], message: patronymic.error.issues[0].message });
      },
      // Also when other fields failed: the form shows every problem at once.
      { when: () => true },
    )
    .transform((body) => ({
      ...body,
      patronymic: body.no_patronymic ? '' : body.patronymic.trim().replace(/\s+/g, ' '),
    }));
}
export type BookingBody = z.output<ReturnType<typeof bookingSchema>>;

/** The body of `POST /ajax/appointment/hold/`: the time to keep while the patient fills the form. */
export const HoldSchema = z
  .object({
    doctor_id: id.optional(),
    service_id: ServiceKey.optional(),
    lpu_id: id,
    slot: z.string(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
    type: z.enum(VISIT_TYPES).default('clinic'),
  })
  .superRefine(oneSubject);
export type HoldBody = z.output<typeof HoldSchema>;

/** Field → first message, for the form and the 400 reply's `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** 'Иванова Анна Петровна' (no trailing space without a patronymic). */
export function fullPatientName(body: Pick<BookingBody, 'last_name' | 'first_name' | 'patronymic'>): string {
  return [body.last_name, body.first_name, body.patronymic].filter(Boolean).join(' ');
}
