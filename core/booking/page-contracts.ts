/**
 * What the booking pages' widgets receive from their loaders (app/routes/appointment*.tsx,
 * service-appointment-new.tsx): prices already formatted, times as the clinic's clock shows them.
 * Re-exported by contracts.ts.
 */
import { z } from 'zod';
import { MarkedDaysSchema } from '../schedule/contracts';
import { DAY_PARTS } from '../schedule/slot-filters';
import { VisitAddressSchema } from './home-address';

/** Where a visit is: the clinic, its page, its address and its metro. */
export const VisitPlaceSchema = z.object({
  clinicName: z.string(),
  clinicUrl: z.string(),
  address: z.string(),
  metro: z.string().nullable(),
});
export type VisitPlace = z.infer<typeof VisitPlaceSchema>;

/** What one appointment is of, for its page, its .ics file and its messages. */
export const VisitSubjectSchema = VisitPlaceSchema.extend({
  /** The clinic's first phone, digits, or null. */
  clinicPhone: z.string().nullable(),
  kind: z.enum(['doctor', 'service']),
  /** The doctor's full name, or the service's line name. */
  title: z.string(),
  url: z.string(),
  /** The doctor's specialities, or the service's class. */
  details: z.array(z.string()),
  clinicId: z.number(),
  tz: z.string(),
  /** Where 'Записаться снова' goes. */
  againUrl: z.string(),
  /** Where the clinic stands (the visit page's route link); absent where not read. */
  clinicPoint: z.object({ lat: z.number(), lon: z.number() }).optional(),
  /**
   * A home visit: where the doctor goes (then `address` is that line and `metro` null) and the
   * arrival window in minutes; absent for other visits.
   */
  home: z.object({ address: VisitAddressSchema, windowMinutes: z.number().nullable() }).optional(),
});
export type VisitSubject = z.infer<typeof VisitSubjectSchema>;

/** What both booking pages' cards show besides what is booked: where, the club price and the free days. */
const BookingCardSchema = VisitPlaceSchema.extend({
  appointmentOn: z.boolean(),
  /** With the clinic's club card, when it takes it. */
  clubPrice: z.string().nullable(),
  /** The regular and club prices (whole roubles) for the breakdown before the checkout; null without a club price. */
  clubAmounts: z.object({ full: z.number(), club: z.number() }).nullable(),
  /** 'yyyy-MM-dd' in the clinic's zone. */
  today: z.string(),
  slots: MarkedDaysSchema,
});

/** What is booked on a doctor's booking page, and its free days. */
export const DoctorBookingCardSchema = BookingCardSchema.extend({
  doctorName: z.string(),
  doctorUrl: z.string(),
  photoUrl: z.string().nullable(),
  specialities: z.array(z.string()),
  /** '2 500 ₽'; null: not priced. */
  price: z.string().nullable(),
  /** How many days the calendar shows: the clinic's booking horizon. */
  scheduleDays: z.number(),
  /** Formatted: booking by phone when the clinic takes no online booking of the doctor. */
  clinicPhone: z.string().nullable(),
});
export type DoctorBookingCard = z.infer<typeof DoctorBookingCardSchema>;

/** What is booked on a service's booking page, and its free days. */
export const ServiceBookingCardSchema = BookingCardSchema.extend({
  serviceName: z.string(),
  synonymName: z.string(),
  className: z.string(),
  serviceUrl: z.string(),
  /** '40 минут'. */
  duration: z.string(),
  /** Formatted: booking by phone when no time is free. */
  clinicPhone: z.string().nullable(),
  requiresPrimaryConsultation: z.boolean(),
  price: z.string(),
});
export type ServiceBookingCard = z.infer<typeof ServiceBookingCardSchema>;

/** Who is on a booking page: only a patient fills the form. */
export const BookingAccountSchema = z.enum(['anonymous', 'work', 'patient']);
export type BookingAccount = z.infer<typeof BookingAccountSchema>;

/** What both booking pages read from the link's slot and the viewer. */
export const BookingViewerSchema = z.object({
  /** The link's time when it is free: 'dd.MM.yyyy HH:mm' and as the clinic's clock shows it. */
  chosen: z.object({ slot: z.string(), label: z.string() }).nullable(),
  /** The link asked for a time that is gone or never was. */
  staleSlot: z.boolean(),
  account: BookingAccountSchema,
  workAccountText: z.string(),
  /** The account's confirmed phone, formatted. */
  phone: z.string(),
  /**
   * The patient's details from their last booking for themselves (the form comes filled; 'Записать
   * другого человека' empties it); null when there are none.
   */
  prefill: z
    .object({
      last_name: z.string(),
      first_name: z.string(),
      patronymic: z.string(),
      no_patronymic: z.boolean(),
      /** 'yyyy-MM-dd'. */
      birth_date: z.string(),
    })
    .nullable(),
});
export type BookingViewer = z.infer<typeof BookingViewerSchema>;

/** A day the patient may ask to be called back on ('23 ноября, понедельник'), and its open parts. */
export const CallbackChoiceSchema = z.object({
  date: z.string(),
  label: z.string(),
  times: z.array(z.enum(DAY_PARTS)),
});
export type CallbackChoice = z.infer<typeof CallbackChoiceSchema>;

/** The booked visit's page. */
export const AppointmentPageSchema = VisitPlaceSchema.extend({
  id: z.number(),
  /** The link's token, kept for the cancel call. */
  token: z.string().nullable(),
  status: z.string(),
  canCancel: z.boolean(),
  /**
   * The reminder's 'Подтвердить': 'pending' for an upcoming visit not yet confirmed, 'done' once
   * confirmed, null otherwise (cancelled, begun or past).
   */
  /** Coming visits: not confirmed yet, confirmed by the patient, or by the clinic after a call. */
  confirmation: z.enum(['pending', 'done', 'clinic']).nullable(),
  /** The clinic's phone, formatted: to call once the visit can no longer be cancelled here. */
  clinicPhone: z.string().nullable(),
  /** A visit at the clinic: a route to it on the map (neither a home nor an online visit). */
  routeUrl: z.string().nullable().optional(),
  /** 'Перенести': a doctor's visit that can still be changed on the site; null otherwise. */
  rescheduleUrl: z.string().nullable(),
  /** 'Клиника отменила запись: {reason}' when the clinic cancelled. */
  clinicCancelReason: z.string().nullable(),
  /** Who the visit is for (a relative's visit names the relative) and the account's phone, formatted. */
  patient: z.object({ name: z.string(), phone: z.string() }).optional(),
  /** The time, or for a home visit with a window '… врач приедет с 10:00 до 12:00'. */
  when: z.string(),
  /** A home visit: the address the doctor goes to (only its patient and the link's holder see this page). */
  home: VisitAddressSchema.nullable().optional(),
  price: z.string().nullable(),
  /**
   * The money of a visit prepaid on the site (the club coupon): paid, left to pay at the clinic
   * ('1 575 ₽'), and for a cancelled one what became of the prepayment; null without a prepayment.
   */
  money: z
    .object({
      paid: z.string(),
      due: z.string().nullable(),
      /** Before cancelling: what the patient loses ('' when nothing). */
      cancelWarning: z.string(),
      /** A cancelled visit: refunded or kept ('' for an active one). */
      canceled: z.string(),
    })
    .nullable(),
  /** The review award applied to this visit (roubles off), and the price after it. */
  discount: z.object({ amount: z.string(), total: z.string().nullable() }).nullable(),
  /** A free review award the patient may apply to this upcoming visit. */
  availableAward: z.string().nullable(),
  /**
   * An online visit that still takes place: its consultation room's page and when the room opens
   * ('HH:mm' on the clinic's clock); null for other visits.
   */
  online: z.object({ url: z.string(), opensAt: z.string() }).nullable().optional(),
  kind: z.enum(['doctor', 'service']),
  title: z.string(),
  titleUrl: z.string(),
  details: z.array(z.string()),
  icsUrl: z.string(),
  againUrl: z.string(),
  /**
   * 'Сообщить, если освободится время раньше': the signed-in patient's upcoming doctor's visit
   * ('yyyy-MM-dd' days on the clinic's clock); null otherwise.
   */
  earlier: z
    .object({
      doctorId: z.number(),
      lpuId: z.number(),
      type: z.enum(['clinic', 'home', 'telemed']),
      today: z.string(),
      until: z.string(),
    })
    .nullable(),
});
export type AppointmentPage = z.infer<typeof AppointmentPageSchema>;
