/**
 * The booking calls' contracts (docs/product/schedule-and-booking.md) and what the booking
 * pages receive from their loaders. The booking form checks its fields with the same schema
 * the server checks the call's body with, so both say the same words (form.ts holds them).
 */
import { z } from 'zod';
import { ErrorBodySchema, isCalendarDate, textInput } from '../http/contracts';
import { ClientIdSchema, MarkedDaysSchema, ServiceKeySchema } from '../schedule/contracts';
import { DAY_PARTS } from '../schedule/slot-filters';
import { CALLBACK_TEXTS } from './callback';
import { BOOKING_ERRORS, BOOKING_FAILURE_REASONS, MAX_AGE_YEARS, VISIT_CAP_REASONS } from './form';
import { HomeAddressSchema } from './home-address';
import { HOME_TEXTS } from './home-visit';
import { VisitPlaceSchema, VisitSubjectSchema } from './page-contracts';
import { VISIT_TYPES } from './urls';
import { WAITLIST_TEXTS } from './waitlist';

/**
 * Who or what is booked: a doctor (`doctor_id`), or a clinic's service (`service_id`: a synonym
 * id or the clinic's MIS id, as the services schedule call names it; with `doctor_id`, that
 * doctor's line of it).
 */
function oneSubject(body: { doctor_id?: number; service_id?: string }, ctx: z.RefinementCtx) {
  if (body.doctor_id === undefined && body.service_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['doctor_id'], message: BOOKING_ERRORS.badRequest });
}

// Cyrillic and Latin letters (with ё), hyphen, apostrophe and inner spaces: 'Салтыков-Щедрин', "О'Нил".
const NAME_RE = /^[A-Za-zА-Яа-яЁё]+(?:[ '’-][A-Za-zА-Яа-яЁё]+)*$/;

/** A person's name part: letters, hyphen, apostrophe, inner spaces; 50 characters (relatives use it too). */
export const name = (required: string) =>
  textInput(required)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z.string().min(1, required).max(50, BOOKING_ERRORS.nameLength).regex(NAME_RE, BOOKING_ERRORS.nameChars),
    );

/** Built once: constructing a zod schema costs more than running it. */
const patronymicName = name(BOOKING_ERRORS.patronymic);

/** A birth date 'today' allows: not in the future, not more than MAX_AGE_YEARS ago. */
export function bornBy(s: string, today: string): boolean {
  const oldest = `${Number(today.slice(0, 4)) - MAX_AGE_YEARS}${today.slice(4)}`;
  return isCalendarDate(s) && s <= today && s >= oldest;
}

/** What is booked and when: the fields the hold call and the booking call share. */
const VisitTimeSchema = z.object({
  doctor_id: ClientIdSchema.optional(),
  service_id: ServiceKeySchema.optional(),
  lpu_id: ClientIdSchema,
  /** 'dd.MM.yyyy HH:mm' in the clinic's zone, as the redirect carries it. */
  slot: textInput(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
  type: z.enum(VISIT_TYPES).default('clinic'),
});

/**
 * The body of the booking call. `today` ('yyyy-MM-dd'; the form passes the clinic's, the server
 * a function of its clock) bounds the birth date.
 */
export function bookingSchema(today: string | (() => string)) {
  const todayOf = typeof today === 'string' ? () => today : today;
  return VisitTimeSchema.extend({
    last_name: name(BOOKING_ERRORS.lastName),
    first_name: name(BOOKING_ERRORS.firstName),
    patronymic: textInput().default(''),
    no_patronymic: z.boolean().default(false),
    birth_date: textInput(BOOKING_ERRORS.birthDate)
      .min(1, BOOKING_ERRORS.birthDate)
      .refine((s) => bornBy(s, todayOf()), BOOKING_ERRORS.birthDateWrong),
    /** The time kept for the patient while filling the form (the hold call). */
    hold_id: ClientIdSchema.optional(),
    /** Booking for someone else: the patient's own details (the next form's) stay as they were. */
    someone_else: z.boolean().default(false),
    /**
     * The visit is for one of the patient's relatives (their profile's list): the server books it
     * under that person's name and birth date, and refuses an id that is not the caller's.
     */
    relative_id: ClientIdSchema.optional(),
    /** One press of 'Записаться' (a UUID): the same key books once. */
    request_key: textInput().min(8).max(64),
    /**
     * Staff booking for a patient at the desk: the patient's phone they confirmed by SMS code,
     * 10 digits without the country code (docs/product/sign-in.md).
     */
    patient_phone: textInput(BOOKING_ERRORS.badRequest)
      .regex(/^9\d{9}$/, BOOKING_ERRORS.badRequest)
      .optional(),
    source: textInput().max(40).optional(),
    /** A home visit's address (docs/product/visits.md): required for `type: 'home'`, ignored otherwise. */
    home_address: HomeAddressSchema.optional(),
  })
    .superRefine(
      (body, ctx) => {
        oneSubject(body, ctx);
        if (body.type === 'home' && body.home_address === undefined)
          ctx.addIssue({ code: 'custom', path: ['home_address', 'street'], message: HOME_TEXTS.address });
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
      home_address: body.type === 'home' ? body.home_address : undefined,
    }));
}
/** The booking call's body as sent, and as checked. */
export type BookingRequest = z.input<ReturnType<typeof bookingSchema>>;
export type BookingBody = z.output<ReturnType<typeof bookingSchema>>;

/** The hold call's body: the time to keep while the patient fills the form. */
export const HoldSchema = VisitTimeSchema.superRefine(oneSubject);
export type HoldRequest = z.input<typeof HoldSchema>;
export type HoldBody = z.output<typeof HoldSchema>;

/** A callback request: a day and the parts of it that suit the patient. */
export const CallbackSchema = z.object({
  doctor_id: ClientIdSchema,
  lpu_id: ClientIdSchema,
  date: z.string(CALLBACK_TEXTS.date).refine((s) => isCalendarDate(s), CALLBACK_TEXTS.date),
  times: z
    .array(z.enum(DAY_PARTS, CALLBACK_TEXTS.times), CALLBACK_TEXTS.times)
    .min(1, CALLBACK_TEXTS.times)
    .max(DAY_PARTS.length, CALLBACK_TEXTS.times),
});
export type CallbackRequest = z.input<typeof CallbackSchema>;
export type CallbackBody = z.output<typeof CallbackSchema>;

/** An appointment's (or a hold's) id in a path; the client fills it with a number. */
export const AppointmentParamsSchema = z.object({
  id: ClientIdSchema,
});
/** The link's token (from the SMS or the .ics file) that lets its holder in. */
export const AppointmentTokenSchema = z.object({ token: textInput().max(64).optional() });
export type AppointmentToken = z.input<typeof AppointmentTokenSchema>;

/** Moving a visit to another time of the same doctor at the same clinic ('dd.MM.yyyy HH:mm'). */
export const RescheduleSchema = AppointmentTokenSchema.extend({
  slot: textInput(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
});
export type RescheduleRequest = z.input<typeof RescheduleSchema>;

// Replies.

/** A booked appointment as the booking call answers it. */
export const PublicAppointmentSchema = z.object({
  id: z.number(),
  status: z.string(),
  doctor_id: z.number().nullable(),
  lpu_id: z.number(),
  type: z.enum(VISIT_TYPES),
  starts_at: z.string(),
  ends_at: z.string(),
  price: z.number().nullable(),
  /** Paid on the site (the club coupon), whole roubles; 0 without a prepayment. */
  paid: z.number().int(),
  /** Left to pay at the clinic: the price less the prepayment; null when not priced. */
  due: z.number().int().nullable(),
  /** The appointment's page, with the token that lets the patient in. */
  url: z.string(),
  ics_url: z.string(),
});
export type PublicAppointment = z.infer<typeof PublicAppointmentSchema>;

/** 201 (200 when the same request_key booked already). */
export const BookingCreatedSchema = z.object({ appointment: PublicAppointmentSchema });
export type BookingCreated = z.infer<typeof BookingCreatedSchema>;

export const HeldSchema = z.object({ hold_id: z.number(), expires_at: z.string() });
export type Held = z.infer<typeof HeldSchema>;

export const ReleasedSchema = z.object({ released: z.boolean() });
export type Released = z.infer<typeof ReleasedSchema>;

export const CallbackSavedSchema = z.object({
  id: z.number(),
  date: z.string(),
  times: z.array(z.enum(DAY_PARTS)),
  min_hours_to_call: z.number(),
});
export type CallbackSaved = z.infer<typeof CallbackSavedSchema>;

/**
 * What happened to the visit's money (core/club/visit-money.ts): what was paid on the site and what
 * goes back. A patient's cancel keeps the non-refundable coupon (refund 0).
 */
export const CancelMoneySchema = z.object({ paid: z.number().int(), refund: z.number().int() });
export type CancelMoneyReply = z.infer<typeof CancelMoneySchema>;

export const CanceledSchema = z.object({ status: z.literal('canceled'), money: CancelMoneySchema });
export type Canceled = z.infer<typeof CanceledSchema>;

/** The patient will come: the reminder's 'Подтвердить'. */
export const ConfirmedSchema = z.object({ status: z.literal('confirmed'), confirmed_at: z.string() });
export type Confirmed = z.infer<typeof ConfirmedSchema>;

/** A free time offered instead of one that is gone. */
export const OfferedSlotSchema = z.object({
  day: z.string(),
  time: z.string(),
  duration: z.number(),
  /** 'dd.MM.yyyy HH:mm', the booking link's form. */
  slot: z.string(),
});
export type OfferedSlot = z.infer<typeof OfferedSlotSchema>;

/**
 * The patient's own coming visit a time clashes with (or the nearest of a doctor's two): a
 * refusal by the visit caps (core/booking/visit-caps.ts). Staff booking at the desk hear only
 * its time: id, title, clinic and url are left out.
 */
export const ClashingVisitSchema = z.object({
  id: z.number().optional(),
  title: z.string().optional(),
  clinic_name: z.string().optional(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The visit's page. */
  url: z.string().optional(),
});
export type ClashingVisit = z.infer<typeof ClashingVisitSchema>;

/**
 * A booking or a hold that did not happen: 409 with the title, the reason and the nearest free
 * times; refused by the visit caps, the visit in the way (`clash`) and no times offered.
 */
export const BookingRefusalSchema = ErrorBodySchema.extend({
  title: z.string(),
  reason: z.enum([...BOOKING_FAILURE_REASONS, ...VISIT_CAP_REASONS]),
  alternatives: z.array(OfferedSlotSchema),
  clash: ClashingVisitSchema.nullable().optional(),
});
export type BookingRefusal = z.infer<typeof BookingRefusalSchema>;

// What the booking pages receive from their services and loaders.

/** What a doctor at a clinic and a clinic's service have alike when booked: the clinic, its zone, its club price and the free days. */
const BookableSchema = VisitPlaceSchema.extend({
  clinicId: z.number(),
  /** Where the clinic stands: the visit page's route link. */
  clinicLat: z.number(),
  clinicLon: z.number(),
  /** The doctor's place (or the service's line) and the clinic take bookings, by time slot. */
  appointmentOn: z.boolean(),
  tz: z.string(),
  townSlug: z.string(),
  clubPrice: z.number().nullable(),
  clubEnabled: z.boolean(),
  cancelCutoffMinutes: z.number(),
  /** The clinic's minimum notice: no booking sooner than this from now. */
  minNoticeMinutes: z.number(),
  /** The clinic's booking horizon: a doctor is booked at most this many days ahead (today the first). */
  bookingHorizonDays: z.number(),
  /** The clinic's first phone, digits: booking by phone when no time is free, calling after the cut-off. */
  clinicPhone: z.string().nullable(),
  /** 'yyyy-MM-dd' in the clinic's zone. */
  today: z.string(),
  /** Free slots from today (a doctor's: of two weeks; a service's: of the month), in the clinic's zone. */
  slots: MarkedDaysSchema,
});

/** A doctor at a clinic as the booking page shows it and the booking checks it, with its free days. */
export const BookableDoctorSchema = BookableSchema.extend({
  workplaceId: z.number(),
  doctorId: z.number(),
  doctorName: z.string(),
  doctorUrl: z.string(),
  photoUrl: z.string().nullable(),
  specialities: z.array(z.string()),
  /** The visit type's price there; null: not priced. */
  price: z.number().nullable(),
  visitType: z.enum(VISIT_TYPES),
});
export type BookableDoctor = z.infer<typeof BookableDoctorSchema>;

/** A slot-booked line of a clinic's price list as its booking page shows it, with its free days. */
export const BookableServiceSchema = BookableSchema.extend({
  clinicServiceId: z.number(),
  synonymId: z.number(),
  /** A doctor's own line of the service (busy when the doctor is); null for a room or a machine. */
  doctorId: z.number().nullable(),
  isDirect: z.boolean(),
  requiresPrimaryConsultation: z.boolean(),
  serviceName: z.string(),
  /** The directory's name of the service ('МРТ головного мозга'). */
  synonymName: z.string(),
  className: z.string(),
  /** The town's page of the service: which clinics offer it, at what price. */
  serviceUrl: z.string(),
  durationMinutes: z.number(),
  price: z.number(),
});
export type BookableService = z.infer<typeof BookableServiceSchema>;

/** An appointment (or a hold) as the booking reads it back. */
export const AppointmentSchema = z.object({
  id: z.number(),
  doctorId: z.number().nullable(),
  clinicId: z.number(),
  workplaceId: z.number().nullable(),
  clinicServiceId: z.number().nullable(),
  visitType: z.enum(VISIT_TYPES),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  patientName: z.string(),
  patientPhone: z.string(),
  price: z.number().nullable(),
  /** Prepaid on the site (a club coupon), whole roubles; null without one. */
  prepaid: z.number().int().nullable(),
  cancelToken: z.string().nullable(),
  userId: z.number().nullable(),
  cancelCutoffMinutes: z.number(),
  /** The clinic's reason when the clinic cancelled (null otherwise). */
  clinicCancelReason: z.string().nullable(),
  /** How many times the visit was moved: its .ics file's SEQUENCE. */
  sequence: z.number(),
  /** When the visit was confirmed (ISO), or null. */
  confirmedAt: z.string().nullable(),
  /** Who confirmed it: the patient or the clinic (null when not confirmed). */
  confirmedBy: z.enum(['patient', 'clinic']).nullable(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/** An appointment seen by its patient or its link's holder. */
export const AppointmentViewSchema = z.object({
  appointment: AppointmentSchema,
  subject: VisitSubjectSchema.nullable(),
  canCancel: z.boolean(),
});
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

/** A visit in the patient's list of appointments. */
export const MyAppointmentSchema = z.object({
  id: z.number(),
  status: z.string(),
  startsAt: z.string(),
  /** When, as the clinic's clock shows it. */
  when: z.string(),
  title: z.string(),
  titleUrl: z.string(),
  doctorId: z.number().nullable(),
  clinicId: z.number(),
  specialities: z.array(z.string()),
  clinicName: z.string(),
  address: z.string(),
  url: z.string(),
  canCancel: z.boolean(),
  /** 'Перенести': a doctor's visit that can still be changed on the site; null otherwise. */
  rescheduleUrl: z.string().nullable(),
  /** The visit's money (core/club/visit-money.ts), whole roubles. */
  money: z.object({ price: z.number().nullable(), paid: z.number().int(), due: z.number().nullable() }),
});
export type MyAppointment = z.infer<typeof MyAppointmentSchema>;

/** Upcoming visits soonest first, then the past and cancelled ones, newest first. */
export const MyAppointmentsSchema = z.object({
  upcoming: z.array(MyAppointmentSchema),
  past: z.array(MyAppointmentSchema),
});
export type MyAppointments = z.infer<typeof MyAppointmentsSchema>;

// The waitlist (waitlist.ts).

/** Asking to be told of a freed time of a doctor: days, parts of them, one clinic or any of his. */
export const WaitlistSchema = z.object({
  doctor_id: ClientIdSchema,
  /** The clinic the patient looked at: its zone reads the days. */
  lpu_id: ClientIdSchema,
  any_clinic: z.boolean(WAITLIST_TEXTS.anyClinicInvalid).default(false),
  type: z.enum(VISIT_TYPES, WAITLIST_TEXTS.visitType).default('clinic'),
  date_from: z.string(WAITLIST_TEXTS.dates).refine((s) => isCalendarDate(s), WAITLIST_TEXTS.dates),
  date_to: z.string(WAITLIST_TEXTS.dates).refine((s) => isCalendarDate(s), WAITLIST_TEXTS.dates),
  times: z
    .array(z.enum(DAY_PARTS, WAITLIST_TEXTS.parts_required), WAITLIST_TEXTS.parts_required)
    .min(1, WAITLIST_TEXTS.parts_required)
    .max(DAY_PARTS.length, WAITLIST_TEXTS.parts_required),
  /** The patient's visit with the doctor: only earlier times, and the offer moves it. */
  appointment_id: ClientIdSchema.optional(),
});
export type WaitlistRequest = z.input<typeof WaitlistSchema>;
export type WaitlistBody = z.output<typeof WaitlistSchema>;

export const WaitlistSavedSchema = z.object({
  id: z.number(),
  date_from: z.string(),
  date_to: z.string(),
  times: z.array(z.enum(DAY_PARTS)),
  any_clinic: z.boolean(),
});
export type WaitlistSaved = z.infer<typeof WaitlistSavedSchema>;

/** Stopping a request: its patient signed in, or the holder of one of its SMS links (the offer's token). */
export const WaitlistStopSchema = z.object({ token: textInput().max(64).optional() });
export type WaitlistStop = z.input<typeof WaitlistStopSchema>;
export const WaitlistStoppedSchema = z.object({ status: z.literal('stopped') });
export type WaitlistStopped = z.infer<typeof WaitlistStoppedSchema>;

/** An SMS link's token. */
export const OfferTokenSchema = z.object({ token: textInput().min(8).max(64) });
export type OfferToken = z.input<typeof OfferTokenSchema>;

/** The offered time is held for the patient: the booking page (or the move of the visit) goes on. */
export const OfferClaimedSchema = z.object({ hold_id: z.number(), expires_at: z.string(), url: z.string() });
export type OfferClaimed = z.infer<typeof OfferClaimedSchema>;

/** A patient's open request, as 'Мои записи' lists it. */
export const MyWaitSchema = z.object({
  id: z.number(),
  doctorName: z.string(),
  doctorUrl: z.string(),
  /** Null: any of the doctor's clinics. */
  clinicName: z.string().nullable(),
  /** 'с 27 нояб. по 10 дек., утро, вечер'. */
  window: z.string(),
  /** 'раньше 3 декабря, 10:00' for a request tied to a visit; else null. */
  before: z.string().nullable(),
});
export type MyWait = z.infer<typeof MyWaitSchema>;

/** The SMS link's page: the freed time, and whether it can still be taken. */
export const WaitlistOfferPageSchema = z.object({
  token: z.string(),
  requestId: z.number(),
  open: z.boolean(),
  /** The request was stopped (by the patient) already. */
  stopped: z.boolean(),
  moving: z.boolean(),
  doctorName: z.string(),
  doctorUrl: z.string(),
  clinicName: z.string(),
  address: z.string(),
  when: z.string(),
  /** The doctor's booking page from today: 'Выбрать другое время'. */
  otherTimesUrl: z.string(),
});
export type WaitlistOfferPage = z.infer<typeof WaitlistOfferPageSchema>;

export * from './page-contracts';
