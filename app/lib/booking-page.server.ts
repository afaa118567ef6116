import { formatPhoneDigits } from '../../core/auth/phone';
import { isWorkAccount, WORK_ACCOUNT_TITLE } from '../../core/auth/viewer';
import { callbackChoices } from '../../core/booking/callback';
import type {
  BookableDoctor,
  BookableService,
  BookingViewer,
  CallbackChoice,
  DoctorBookingCard,
  ServiceBookingCard,
} from '../../core/booking/contracts';
import { slotParam } from '../../core/booking/urls';
import { formatDayWithWeekday, formatVisitTime } from '../../core/booking/visit';
import { formatRub } from '../../core/money/money';
import { formatPhone } from '../../core/phone/format';
import { zonedInstant } from '../../core/schedule/free-slots';
import { plural, WORDS } from '../../core/text/plural';
import type { SessionViewer } from './services.server';

/**
 * What both booking pages (a doctor's, a service's) read from the link's slot and the viewer:
 * the chosen time when it is free (as the clinic's clock shows it), whether the link's time is
 * gone, who is booking and their phone.
 */
export function bookingViewer(
  viewer: SessionViewer,
  target: { slots: Record<string, { time: string }[]>; tz: string },
  slot: { day: string; time: string } | null,
  prefill: BookingViewer['prefill'] = null,
): BookingViewer {
  const offered = slot ? target.slots[slot.day]?.find((s) => s.time === slot.time) : undefined;
  return {
    chosen:
      slot && offered
        ? {
            slot: slotParam(slot.day, slot.time),
            label: formatVisitTime(zonedInstant(slot.day, slot.time, target.tz), target.tz),
          }
        : null,
    staleSlot: Boolean(slot && !offered),
    account: viewer.isAnonymous ? 'anonymous' : isWorkAccount(viewer) ? 'work' : 'patient',
    workAccountText: WORK_ACCOUNT_TITLE,
    phone: viewer.userPhone ? formatPhoneDigits(viewer.userPhone) : '',
    prefill,
  };
}

// Prices are formatted here: the pages' bundles then share no small chunk with the list pages.
const clubPriceOf = (t: { clubEnabled: boolean; clubPrice: number | null }) =>
  t.clubEnabled && t.clubPrice !== null ? formatRub(t.clubPrice) : null;

/** The regular and club prices in roubles for the breakdown before the checkout; null without a club price. */
const clubAmountsOf = (t: { clubEnabled: boolean; clubPrice: number | null; price: number | null }) =>
  t.clubEnabled && t.clubPrice !== null && t.price !== null ? { full: t.price, club: t.clubPrice } : null;

/** The doctor's booking page's card: who, where, the price and the free days. */
export function doctorBookingCard(t: BookableDoctor): DoctorBookingCard {
  return {
    doctorName: t.doctorName,
    doctorUrl: t.doctorUrl,
    photoUrl: t.photoUrl,
    specialities: t.specialities,
    clinicName: t.clinicName,
    clinicUrl: t.clinicUrl,
    address: t.address,
    metro: t.metro,
    appointmentOn: t.appointmentOn,
    price: t.price === null ? null : formatRub(t.price),
    clubPrice: clubPriceOf(t),
    clubAmounts: clubAmountsOf(t),
    today: t.today,
    slots: t.slots,
    scheduleDays: t.bookingHorizonDays,
    clinicPhone: t.clinicPhone ? formatPhone(t.clinicPhone) : null,
  };
}

/** The service's booking page's card: what, where, how long, the price and the free days. */
export function serviceBookingCard(t: BookableService): ServiceBookingCard {
  return {
    serviceName: t.serviceName,
    synonymName: t.synonymName,
    className: t.className,
    serviceUrl: t.serviceUrl,
    duration: plural(t.durationMinutes, WORDS.minute),
    clinicName: t.clinicName,
    clinicUrl: t.clinicUrl,
    clinicPhone: t.clinicPhone ? formatPhone(t.clinicPhone) : null,
    address: t.address,
    metro: t.metro,
    appointmentOn: t.appointmentOn,
    requiresPrimaryConsultation: t.requiresPrimaryConsultation,
    price: formatRub(t.price),
    clubPrice: clubPriceOf(t),
    clubAmounts: clubAmountsOf(t),
    today: t.today,
    slots: t.slots,
  };
}

/**
 * No free time in two weeks, or no online booking of the doctor at all: the days the patient may
 * ask the clinic to call back on instead.
 */
export function callbackOffer(t: BookableDoctor, now: Date): CallbackChoice[] | null {
  if (t.appointmentOn && Object.keys(t.slots).length > 0) return null;
  return callbackChoices(now, t.tz).map((c) => ({ ...c, label: formatDayWithWeekday(c.date) }));
}
