import { z } from 'zod';
import { VisitHomeSchema } from '../booking/home-address';
import { VISIT_TYPES } from '../booking/urls';
import { isCalendarDate, textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { CALLBACK_OUTCOMES } from './callbacks';
import { datedIntervalsRefusal } from './dated-hours';
import { BOOKING_HORIZON_CHOICES, HOURS_MAX_INTERVALS, HOURS_TEXTS, hoursRefusal } from './hours';
import {
  CANCEL_REASON_MAX,
  RECEPTION_DAYS,
  RECEPTION_TEXTS,
  STATUS_CHANGE_TEXTS,
  VISIT_MARKS,
} from './reception';
import { BUFFER_CHOICES, MIN_NOTICE_CHOICES } from './settings';

/**
 * The cabinet's reception list: a doctor's or a clinic's own visits, day by day
 * (docs/product/cabinet.md). Times are ISO instants; the page shows them in `tz`, the zone of
 * the visit's clinic. Money is whole roubles.
 */
export const ReceptionQuerySchema = z.object({
  /** The first day, 'yyyy-MM-dd' in the account's own zone; today when left out. */
  date: z
    .string()
    .refine((s) => isCalendarDate(s, 2000, 2099), RECEPTION_TEXTS.badDate)
    .optional(),
  /** A day or a week. */
  days: z.coerce
    .number()
    .refine((n) => (RECEPTION_DAYS as readonly number[]).includes(n), RECEPTION_TEXTS.badDays)
    .optional(),
  /** One doctor of a clinic's. */
  doctor: ClientIdSchema.optional(),
});
export type ReceptionQuery = z.input<typeof ReceptionQuerySchema>;
/** The query as read: days and doctor as numbers. */
export type ReceptionFilter = z.output<typeof ReceptionQuerySchema>;

export const RECEPTION_STATUSES = ['active', 'canceled', 'done', 'no_show'] as const;

export const ReceptionVisitSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The zone of the visit's clinic. */
  tz: z.string(),
  status: z.enum(RECEPTION_STATUSES),
  visitType: z.enum(VISIT_TYPES),
  patientName: z.string(),
  patientPhone: z.string(),
  /** The doctor seen, or null for a service line without one. */
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The service line booked, or null for a doctor's appointment. */
  service: z.string().nullable(),
  clinicName: z.string(),
  /** The price agreed at booking, whole roubles. */
  price: z.number().int().nullable(),
  /** Prepaid on the site (a club coupon), whole roubles: the clinic takes only price − prepaid. */
  prepaid: z.number().int().nullable(),
  /** Who cancelled a cancelled visit, and the clinic's reason. */
  canceledBy: z.enum(['patient', 'clinic']).nullable(),
  cancelReason: z.string().nullable(),
  /** The patient confirmed they will come (the reminder's link). */
  confirmed: z.boolean(),
  /** A home visit: where the doctor goes and the arrival window (personal data: the visit's staff only). */
  home: VisitHomeSchema.nullable().optional(),
});
export type ReceptionVisit = z.infer<typeof ReceptionVisitSchema>;

export const ReceptionSchema = z.object({
  /** The first day shown and how many. */
  date: z.string(),
  days: z.number().int(),
  /** 'Today' in the account's zone (the clinic's town, or the doctor's). */
  today: z.string(),
  /** The server's clock (ISO): which visits have begun, the same on the server and in the browser. */
  now: z.string(),
  /** The clinic account's clinic; null for a doctor's own list. */
  clinicId: z.number().int().nullable(),
  /** A clinic's doctors, for the filter; empty for a doctor's own list. */
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  doctor: z.number().int().nullable(),
  visits: z.array(ReceptionVisitSchema),
});
export type Reception = z.infer<typeof ReceptionSchema>;

/** The id of a visit, a day off or a callback request in a cabinet call's path. */
export const CabinetIdParamsSchema = z.object({ id: ClientIdSchema });

/** The clinic marks a visit: attended, missed, or cancelled with a reason the patient is told. */
export const VisitStatusBodySchema = z
  .object({
    status: z.enum(VISIT_MARKS),
    reason: textInput()
      .transform((s) => s.trim())
      .pipe(z.string().max(CANCEL_REASON_MAX, STATUS_CHANGE_TEXTS.reasonTooLong))
      .optional(),
  })
  .refine((b) => b.status !== 'canceled' || (b.reason ?? '').length >= 3, {
    message: STATUS_CHANGE_TEXTS.reasonRequired,
    path: ['reason'],
  });
export type VisitStatusBody = z.input<typeof VisitStatusBodySchema>;

/** GET days off: a clinic names one of its doctors (or sees all); a doctor sees his own. */
export const DaysOffQuerySchema = z.object({ doctor: ClientIdSchema.optional() });
export type DaysOffQuery = z.input<typeof DaysOffQuerySchema>;

export const DayOffSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  doctor: z.object({ id: z.number().int(), name: z.string() }),
  clinicName: z.string(),
});
export type DayOff = z.infer<typeof DayOffSchema>;

export const DaysOffSchema = z.object({
  today: z.string(),
  clinicId: z.number().int().nullable(),
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  doctor: z.number().int().nullable(),
  /** Upcoming whole days off, soonest first. */
  daysOff: z.array(DayOffSchema),
});
export type DaysOff = z.infer<typeof DaysOffSchema>;

const calendarDay = z.string().refine((s) => isCalendarDate(s, 2000, 2099), RECEPTION_TEXTS.badDate);

/**
 * Closes whole days (a vacation, a sick day, a holiday): the doctor's days at the clinic (a
 * clinic names the doctor), or all the doctor's places (a doctor's own leave). Visits booked on
 * those days are never dropped silently: the call is refused with them, unless
 * `cancel_visits` with a reason cancels them (each patient gets an SMS).
 */
export const DaysOffBodySchema = z
  .object({
    doctor_id: ClientIdSchema.optional(),
    from: calendarDay,
    to: calendarDay,
    cancel_visits: z.boolean().default(false),
    reason: textInput()
      .transform((s) => s.trim())
      .pipe(z.string().max(CANCEL_REASON_MAX, STATUS_CHANGE_TEXTS.reasonTooLong))
      .optional(),
  })
  .refine((b) => !b.cancel_visits || (b.reason ?? '').length >= 3, {
    message: STATUS_CHANGE_TEXTS.reasonRequired,
    path: ['reason'],
  });
export type DaysOffBody = z.input<typeof DaysOffBodySchema>;
export type DaysOffRequest = z.output<typeof DaysOffBodySchema>;

export const DaysOffAddedSchema = z.object({
  /** Days newly closed (days already off are not counted twice). */
  added: z.number().int(),
  /** Visits cancelled on the way. */
  canceled: z.array(z.number().int()),
});
export type DaysOffAdded = z.infer<typeof DaysOffAddedSchema>;

export const DayOffRemovedSchema = z.object({ removed: z.boolean() });
export type DayOffRemoved = z.infer<typeof DayOffRemovedSchema>;

export const CallbacksQuerySchema = z.object({ status: z.enum(['open', 'done']).default('open') });
export type CallbacksQuery = z.input<typeof CallbacksQuerySchema>;

/** A patient's request to be called back, as the clinic reads it. */
export const CabinetCallbackSchema = z.object({
  id: z.number().int(),
  status: z.enum(['new', 'called', 'booked', 'canceled']),
  phone: z.string(),
  patientName: z.string().nullable(),
  doctor: z.object({ id: z.number().int(), name: z.string() }),
  clinicName: z.string(),
  /** The day to call, 'yyyy-MM-dd' in the clinic's zone, and its parts ('morning', …). */
  date: z.string(),
  times: z.array(z.string()),
  createdAt: z.string(),
});
export type CabinetCallback = z.infer<typeof CabinetCallbackSchema>;

export const CabinetCallbacksSchema = z.object({
  status: z.enum(['open', 'done']),
  callbacks: z.array(CabinetCallbackSchema),
});
export type CabinetCallbacks = z.infer<typeof CabinetCallbacksSchema>;

export const CallbackOutcomeBodySchema = z.object({ status: z.enum(CALLBACK_OUTCOMES) });
export type CallbackOutcomeBody = z.input<typeof CallbackOutcomeBodySchema>;

const choiceOf = (choices: readonly [number, string][]) =>
  z
    .number()
    .int()
    .refine((n) => choices.some(([m]) => m === n), 'Выберите из списка');

/** The clinic's reminders to its patients (each SMS with a 'confirm or cancel' link) and booking rules. */
export const ClinicSettingsSchema = z.object({
  /** 24 hours before the visit. */
  day_before: z.boolean(),
  /** 2 hours before the visit. */
  hours_before: z.boolean(),
  /** No online booking sooner than this many minutes from now. */
  min_notice_minutes: choiceOf(MIN_NOTICE_CHOICES),
  /** This many free minutes kept around each booked visit. */
  buffer_minutes: choiceOf(BUFFER_CHOICES),
  /** Patients book at most this many days ahead (today counts as the first). */
  booking_horizon_days: choiceOf(BOOKING_HORIZON_CHOICES),
});
export type ClinicSettings = z.infer<typeof ClinicSettingsSchema>;

/** A change of the settings; a body without the horizon keeps the one set. */
export const ClinicSettingsBodySchema = ClinicSettingsSchema.extend({
  booking_horizon_days: choiceOf(BOOKING_HORIZON_CHOICES).optional(),
});
export type ClinicSettingsBody = z.infer<typeof ClinicSettingsBodySchema>;

/** GET weekly hours: a clinic names one of its doctors, a doctor one of his clinics; and a visit type. */
export const HoursQuerySchema = z.object({
  doctor: ClientIdSchema.optional(),
  clinic: ClientIdSchema.optional(),
  type: z.enum(VISIT_TYPES).optional(),
});
export type HoursQuery = z.input<typeof HoursQuerySchema>;
export type HoursFilter = z.output<typeof HoursQuerySchema>;

const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

/** A doctor at a clinic as the hours editor lists it: a clinic's doctor, or a doctor's clinic. */
export const HoursPlaceSchema = z.object({
  doctor: NamedSchema,
  clinic: NamedSchema,
  /** Patients book this doctor here online ('Онлайн-запись к врачу'). */
  appointmentOn: z.boolean(),
  /** The visit types offered here (priced), 'clinic' first. */
  visitTypes: z.array(z.enum(VISIT_TYPES)),
  /** The clinic's software (MIS) pushes the doctor's times here: the weekly hours are not used. */
  misSchedule: z.boolean(),
});
export type HoursPlace = z.infer<typeof HoursPlaceSchema>;

const IntervalSchema = z.object({
  start: textInput(HOURS_TEXTS.badTime).pipe(z.string().regex(/^\d\d:\d\d$/, HOURS_TEXTS.badTime)),
  end: textInput(HOURS_TEXTS.badTime).pipe(z.string().regex(/^\d\d:\d\d$/, HOURS_TEXTS.badTime)),
});

const DayHoursSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  intervals: z.array(IntervalSchema).max(HOURS_MAX_INTERVALS, HOURS_TEXTS.tooMany),
});

/** Hours of one visit type as a generation of rules starting on a day. */
export const PendingHoursSchema = z.object({
  /** The day they start, after today ('yyyy-MM-dd'). */
  validFrom: z.string(),
  slotMinutes: z.number().int().nullable(),
  week: z.array(DayHoursSchema),
});
export type PendingHours = z.infer<typeof PendingHoursSchema>;

/** A date's own hours (one visit type): the weekly hours do not apply that day. */
export const DatedDaySchema = z.object({
  date: z.string(),
  slotMinutes: z.number().int(),
  intervals: z.array(IntervalSchema),
});

export const HoursSchema = z.object({
  /** 'Today' on the account's clock: new hours apply from it. */
  today: z.string(),
  /** The clinic account's clinic; null for a doctor. */
  clinicId: z.number().int().nullable(),
  /** The account's doctors at clinics: a clinic's doctors, or a doctor's clinics. */
  places: z.array(HoursPlaceSchema),
  /** The place shown, or null when the account has none. */
  place: z.object({ doctorId: z.number().int(), clinicId: z.number().int() }).nullable(),
  visitType: z.enum(VISIT_TYPES).nullable(),
  /** The slot length of the hours in force (the most common one), or null when there are none. */
  slotMinutes: z.number().int().nullable(),
  /** Monday to Sunday, the hours in force today. */
  week: z.array(DayHoursSchema),
  /** The coming changes of the weekly hours, soonest first (the hours from each day). */
  pending: z.array(PendingHoursSchema),
  /** The coming dates with their own hours, soonest first. */
  datedHours: z.array(DatedDaySchema),
});
export type Hours = z.infer<typeof HoursSchema>;

const cancelFields = {
  cancel_visits: z.boolean().default(false),
  reason: textInput()
    .transform((s) => s.trim())
    .pipe(z.string().max(CANCEL_REASON_MAX, STATUS_CHANGE_TEXTS.reasonTooLong))
    .optional(),
};

const reasonGiven = (b: { cancel_visits: boolean; reason?: string }, ctx: z.RefinementCtx) => {
  if (b.cancel_visits && (b.reason ?? '').length < 3)
    ctx.addIssue({ code: 'custom', message: STATUS_CHANGE_TEXTS.reasonRequired, path: ['reason'] });
};

/** The place of a change: a clinic names its doctor, a doctor his clinic; and the visit type. */
const placeFields = {
  doctor_id: ClientIdSchema.optional(),
  clinic_id: ClientIdSchema.optional(),
  visit_type: z.enum(VISIT_TYPES),
};

/**
 * New weekly hours of a doctor at a clinic for one visit type, from today on. Booked visits that
 * would fall outside are never dropped silently: the call is refused with them unless
 * `cancel_visits` with a reason cancels them (each patient gets an SMS).
 */
export const HoursBodySchema = z
  .object({
    doctor_id: ClientIdSchema.optional(),
    clinic_id: ClientIdSchema.optional(),
    visit_type: z.enum(VISIT_TYPES),
    slot_minutes: z.number().int(),
    week: z.array(DayHoursSchema).max(7),
    /** The first day of the new hours ('yyyy-MM-dd' on the clinic's clock); today when left out. */
    valid_from: calendarDay.optional(),
    ...cancelFields,
  })
  .superRefine((b, ctx) => {
    const refusal = hoursRefusal(b.week, b.slot_minutes);
    if (refusal)
      ctx.addIssue({
        code: 'custom',
        message: refusal.detail,
        path: refusal.code === 'bad_slot' ? ['slot_minutes'] : ['week'],
      });
    reasonGiven(b, ctx);
  });
export type HoursBody = z.input<typeof HoursBodySchema>;
export type HoursRequest = z.output<typeof HoursBodySchema>;

/** Withdraws the coming change of the weekly hours from a day: the hours before it go on. */
export const HoursWithdrawBodySchema = z
  .object({ ...placeFields, valid_from: calendarDay, ...cancelFields })
  .superRefine(reasonGiven);
export type HoursWithdrawBody = z.input<typeof HoursWithdrawBodySchema>;
export type HoursWithdrawRequest = z.output<typeof HoursWithdrawBodySchema>;

/** A date's own hours of a doctor at a clinic for one visit type (replaces the date's earlier ones). */
export const DatedHoursBodySchema = z
  .object({
    ...placeFields,
    date: calendarDay,
    slot_minutes: z.number().int(),
    intervals: z.array(IntervalSchema).max(HOURS_MAX_INTERVALS, HOURS_TEXTS.tooMany),
    ...cancelFields,
  })
  .superRefine((b, ctx) => {
    const refusal = datedIntervalsRefusal(b.date, b.intervals, b.slot_minutes);
    if (refusal)
      ctx.addIssue({
        code: 'custom',
        message: refusal.detail,
        path: refusal.code === 'bad_slot' ? ['slot_minutes'] : ['intervals'],
      });
    reasonGiven(b, ctx);
  });
export type DatedHoursBody = z.input<typeof DatedHoursBodySchema>;
export type DatedHoursRequest = z.output<typeof DatedHoursBodySchema>;

/** Takes a date's own hours away: the weekly hours apply that day again. */
export const DatedHoursRemoveBodySchema = z
  .object({ ...placeFields, date: calendarDay, ...cancelFields })
  .superRefine(reasonGiven);
export type DatedHoursRemoveBody = z.input<typeof DatedHoursRemoveBodySchema>;
export type DatedHoursRemoveRequest = z.output<typeof DatedHoursRemoveBodySchema>;

export const DatedHoursSavedSchema = z.object({
  date: z.string(),
  /** Visits cancelled on the way. */
  canceled: z.array(z.number().int()),
});
export type DatedHoursSaved = z.infer<typeof DatedHoursSavedSchema>;

export const HoursSavedSchema = z.object({
  /** The day the new hours start ('yyyy-MM-dd', the clinic's today). */
  validFrom: z.string(),
  /** Visits cancelled on the way. */
  canceled: z.array(z.number().int()),
});
export type HoursSaved = z.infer<typeof HoursSavedSchema>;

/** A clinic switches online booking of one of its doctors on or off. */
export const BookingToggleBodySchema = z.object({
  doctor_id: ClientIdSchema,
  on: z.boolean(),
});
export type BookingToggleBody = z.input<typeof BookingToggleBodySchema>;

export const BookingToggledSchema = z.object({ doctor_id: z.number().int(), on: z.boolean() });
export type BookingToggled = z.infer<typeof BookingToggledSchema>;
