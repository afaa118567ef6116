/**
 * Bodies of the slot calls (spec section 7 'Directory and schedule') with the spec's developer
 * messages for bad input (section 5 'Slot lookups').
 */
import { z } from 'zod';
import { VISIT_TYPES } from '../booking/urls';

export const SLOT_ERRORS = {
  days: 'Не передано количество дней',
  dtStart: 'Не передана стартовая дата',
  doctorsLpus: 'Не передан doctors_lpus',
  timedelta: 'Не передан timedelta',
  severalTimedeltas: 'Передано несколько timedelta',
  lpusSpecialities: 'Не передан lpus_specialities',
  services: 'Не передан services',
  badRequest: 'Данные для запроса некорректны',
} as const;

/** At most this many days in one call (the spec asks 14 for doctors and clinics, 30 for services). */
export const MAX_SLOT_DAYS = 31;
/** At most this many doctors or services in one call (a list page shows 20). */
export const MAX_SLOT_ITEMS = 100;

/** A database id (doctor, clinic…), a number or a numeric string. */
export const slotId = z.coerce.number().int().positive().max(2_147_483_647);
const days = z.coerce
  .number(SLOT_ERRORS.days)
  .int(SLOT_ERRORS.days)
  .min(1, SLOT_ERRORS.days)
  .max(MAX_SLOT_DAYS, `Не больше ${MAX_SLOT_DAYS} дней`);
/** 'yyyy-MM-dd', or an ISO date-time whose date part is taken. */
const startDate = z
  .string(SLOT_ERRORS.dtStart)
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, SLOT_ERRORS.dtStart)
  .transform((s) => s.slice(0, 10))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), SLOT_ERRORS.dtStart);
const timedelta = z.coerce.number().int().min(-12).max(14);

export const TIMEDELTA_KEYS = ['town_timedelta', 'lpu_timedelta', 'user_timedelta'] as const;

/** Exactly one of the three timedeltas (hours from UTC). */
export function oneTimedelta(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  const given = TIMEDELTA_KEYS.filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length === 0) ctx.addIssue({ code: 'custom', message: SLOT_ERRORS.timedelta });
  if (given.length > 1) ctx.addIssue({ code: 'custom', message: SLOT_ERRORS.severalTimedeltas });
}

/** `days`: required, 1…MAX_SLOT_DAYS, with the spec's message when missing. */
export const daysField = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', SLOT_ERRORS.days)
  .pipe(days);
/** `dt_start`: required 'yyyy-MM-dd' (or an ISO date-time whose date is taken). */
export const startField = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', SLOT_ERRORS.dtStart)
  .pipe(startDate);
/** The three timedeltas; `oneTimedelta` requires exactly one. */
export const timedeltas = {
  town_timedelta: timedelta.optional(),
  lpu_timedelta: timedelta.optional(),
  user_timedelta: timedelta.optional(),
};

export const SlotsBulkSchema = z
  .object({
    days: daysField,
    dt_start: startField,
    doctors_lpus: z
      .array(z.object({ doctor_id: slotId, lpu_id: slotId }), SLOT_ERRORS.doctorsLpus)
      .min(1, SLOT_ERRORS.doctorsLpus)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} врачей`),
    ...timedeltas,
    all_slots: z.boolean().optional(),
    /** The appointment type's schedule (spec 'Appointment type tabs'); the clinic's by default. */
    type_schedule: z.enum(VISIT_TYPES, SLOT_ERRORS.badRequest).optional(),
  })
  .superRefine(oneTimedelta);
export type SlotsBulkBody = z.infer<typeof SlotsBulkSchema>;

/**
 * `POST /ajax/schedule/slots_bulk_by_specialities/` (spec section 7): a clinic card's slots for
 * a speciality, whichever of the clinic's doctors of it is free. `name` and `translit` of the
 * speciality come along from the page and are not needed here.
 */
export const SlotsBySpecialitiesSchema = z
  .object({
    days: daysField,
    dt_start: startField,
    lpus_specialities: z
      .array(
        z.object({
          lpu_id: slotId,
          speciality_id: slotId,
          name: z.string().optional(),
          translit: z.string().optional(),
        }),
        SLOT_ERRORS.lpusSpecialities,
      )
      .min(1, SLOT_ERRORS.lpusSpecialities)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} клиник`),
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type SlotsBySpecialitiesBody = z.infer<typeof SlotsBySpecialitiesSchema>;

/** The first message of a failed parse, for a 400 `{detail}`. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? SLOT_ERRORS.badRequest;
}
