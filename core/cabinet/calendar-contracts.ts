/**
 * The calendar's and the patient card's calls (docs/product/front-desk.md): times are ISO
 * instants, shown in each column's `tz` (the zone of the doctor's clinic).
 */
import { z } from 'zod';
import { VISIT_TYPES } from '../booking/urls';
import { isCalendarDate, textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { CALENDAR_DAYS, CALENDAR_TEXTS, CALENDAR_VISIT_STATUSES } from './calendar';
import { PATIENT_NOTE_MAX, PATIENT_TEXTS } from './patient-card';

/** GET /cabinet/ajax/calendar/: a day or a week from `date` (today by default), optionally filtered. */
export const CalendarQuerySchema = z.object({
  date: z
    .string()
    .refine((s) => isCalendarDate(s, 2000, 2099), CALENDAR_TEXTS.badDate)
    .optional(),
  days: z.coerce
    .number()
    .refine((n) => (CALENDAR_DAYS as readonly number[]).includes(n), CALENDAR_TEXTS.badDays)
    .optional(),
  doctor: ClientIdSchema.optional(),
  speciality: ClientIdSchema.optional(),
  /** One of the account's addresses: the id of the clinic (branch) there. */
  address: ClientIdSchema.optional(),
});
export type CalendarQuery = z.input<typeof CalendarQuerySchema>;
export type CalendarFilter = z.output<typeof CalendarQuerySchema>;

const TotalsSchema = z.object({
  booked: z.number().int(),
  arrived: z.number().int(),
  noShow: z.number().int(),
  free: z.number().int(),
});

export const CalendarItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('visit'),
    id: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(CALENDAR_VISIT_STATUSES),
    patientName: z.string(),
    visitType: z.string(),
    overbooked: z.boolean(),
    /** Prepaid on the site (the club coupon), whole roubles; null without one. */
    prepaid: z.number().int().nullable(),
    /** With a prepayment: what is left to pay at the clinic, whole roubles; else null. */
    due: z.number().int().nullable(),
    /** A home visit's address, as one line; null for other visits. */
    homeAddress: z.string().nullable(),
  }),
  z.object({ kind: z.literal('hold'), startsAt: z.string(), endsAt: z.string() }),
  z.object({
    kind: z.literal('block'),
    id: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    reason: z.string(),
  }),
  z.object({ kind: z.literal('free'), startsAt: z.string(), endsAt: z.string() }),
]);

const Named = z.object({ id: z.number().int(), name: z.string() });

export const CalendarSchema = z.object({
  date: z.string(),
  days: z.number().int(),
  /** 'Today' in the account's zone, and the server's clock (ISO). */
  today: z.string(),
  now: z.string(),
  /** The clinic account's clinic (it may book and block); null for a doctor's own calendar. */
  clinicId: z.number().int().nullable(),
  /** What the filters offer, and what is applied. */
  options: z.object({
    doctors: z.array(Named),
    specialities: z.array(Named),
    addresses: z.array(Named),
  }),
  doctor: z.number().int().nullable(),
  speciality: z.number().int().nullable(),
  address: z.number().int().nullable(),
  columns: z.array(
    z.object({
      doctor: z.object({ id: z.number().int(), name: z.string(), specialities: z.array(z.string()) }),
      clinicId: z.number().int(),
      address: z.string(),
      tz: z.string(),
      days: z.array(z.object({ day: z.string(), items: z.array(CalendarItemSchema), totals: TotalsSchema })),
    }),
  ),
  /** Each day's totals over every column shown. */
  totals: z.array(z.object({ day: z.string(), totals: TotalsSchema })),
});
export type Calendar = z.infer<typeof CalendarSchema>;
export type CalendarColumnOut = Calendar['columns'][number];

/** A visit's id in the patient card's path. */
export const PatientParamsSchema = z.object({ id: ClientIdSchema });

export const PatientVisitSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  tz: z.string(),
  status: z.enum(CALENDAR_VISIT_STATUSES),
  visitType: z.enum(VISIT_TYPES),
  doctor: z.string().nullable(),
  service: z.string().nullable(),
  canceledBy: z.enum(['patient', 'clinic']).nullable(),
});
export type PatientVisit = z.infer<typeof PatientVisitSchema>;

/** The patient of a visit, as the clinic's desk sees them: their visits at this clinic only. */
export const PatientCardSchema = z.object({
  /** The visit the card was opened from. */
  appointmentId: z.number().int(),
  name: z.string(),
  /** Digits with the country code. */
  phone: z.string(),
  email: z.string().nullable(),
  /** 'yyyy-MM-dd', or null when nobody gave it. */
  birthDate: z.string().nullable(),
  /** Coming visits soonest first, then past ones latest first. */
  coming: z.array(PatientVisitSchema),
  past: z.array(PatientVisitSchema),
  counts: z.object({
    coming: z.number().int(),
    past: z.number().int(),
    arrived: z.number().int(),
    noShow: z.number().int(),
    canceled: z.number().int(),
  }),
  /** The clinic's own note on the patient (no patient and no other clinic sees it). */
  note: z.object({ text: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() }).nullable(),
});
export type PatientCard = z.infer<typeof PatientCardSchema>;

export const PatientNoteBodySchema = z.object({
  text: textInput()
    .transform((s) => s.trim())
    .pipe(z.string().max(PATIENT_NOTE_MAX, PATIENT_TEXTS.noteTooLong)),
});
export type PatientNoteRequest = z.input<typeof PatientNoteBodySchema>;

export const PatientNoteSchema = z.object({
  text: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type PatientNote = z.infer<typeof PatientNoteSchema>;
