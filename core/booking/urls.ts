/**
 * Booking links (docs/product/schedule-and-booking.md): a slot click leaves the list or page for
 * `/appointment/new/?doctor={id}&source=…` with the slot as 'dd.MM.yyyy HH:mm' and the appointment
 * type only when it is not the default. The booking page reads the same query back.
 */

export const APPOINTMENT_NEW_PATH = '/appointment/new/';
/** A clinic's service booked by time (an MRI, an ultrasound…). */
export const SERVICE_APPOINTMENT_PATH = '/uslugi/appointment/new/';
/** The same for a laboratory analysis. */
export const ANALYSIS_APPOINTMENT_PATH = '/analyses/appointment/new/';
/** The patient's visits (upcoming and past). */
export const PROFILE_APPOINTMENTS = '/profile/appointments';

/** The appointment types: at the clinic, at home, online. */
export const VISIT_TYPES = ['clinic', 'home', 'telemed'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** Where the click came from, for the clinic's statistics (the link's `source`). */
export const BOOKING_SOURCES = [
  'doctors_list',
  'doctor_page',
  'clinic_doctors',
  'clinic_page',
  'services_list',
  'clinic_prices',
  'clinics_list',
  /** An SMS link of the waitlist. */
  'waitlist',
] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const DEFAULT_VISIT_TYPE: VisitType = 'clinic';

export interface DoctorBookingTarget {
  doctorId: number;
  lpuId: number;
  /** 'yyyy-MM-dd' and 'HH:mm' in the clinic's zone. */
  day?: string;
  time?: string;
  type?: VisitType;
  source: BookingSource;
  specialityId?: number;
  specPlacement?: boolean;
}

const pad = (n: number | string) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' + 'HH:mm' → 'dd.MM.yyyy HH:mm'. */
export function slotParam(day: string, time: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y} ${time.slice(0, 5)}`;
}

/** 'dd.MM.yyyy HH:mm' → day and time, or null when it is not a real date and time. */
export function parseSlotParam(value: string): { day: string; time: string } | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [, d, mo, y, h, mi] = m;
  const day = `${y}-${mo}-${d}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  if (Number(h) > 23 || Number(mi) > 59) return null;
  return { day, time: `${pad(h)}:${pad(mi)}` };
}

/** The booking page of a doctor at a clinic, optionally at a chosen slot. */
export function doctorAppointmentUrl(target: DoctorBookingTarget): string {
  const q = new URLSearchParams();
  q.set('doctor', String(target.doctorId));
  q.set('lpu', String(target.lpuId));
  if (target.day && target.time) q.set('slot', slotParam(target.day, target.time));
  if (target.type && target.type !== DEFAULT_VISIT_TYPE) q.set('type', target.type);
  if (target.specialityId) q.set('speciality', String(target.specialityId));
  if (target.specPlacement) q.set('spec_placement', '1');
  q.set('source', target.source);
  return `${APPOINTMENT_NEW_PATH}?${q.toString()}`;
}

/**
 * Where a booked visit is moved to another time: its doctor's booking page in reschedule mode,
 * with the link's token when the visit was opened by it.
 */
export function rescheduleUrl(a: {
  id: number;
  doctorId: number;
  clinicId: number;
  visitType: VisitType;
  token: string | null;
}): string {
  const q = new URLSearchParams({ doctor: String(a.doctorId), lpu: String(a.clinicId) });
  if (a.visitType !== DEFAULT_VISIT_TYPE) q.set('type', a.visitType);
  q.set('reschedule', String(a.id));
  if (a.token) q.set('token', a.token);
  return `${APPOINTMENT_NEW_PATH}?${q.toString()}`;
}

export interface ParsedDoctorBooking {
  doctorId: number;
  lpuId: number | null;
  slot: { day: string; time: string } | null;
  type: VisitType;
  source: string | null;
  specialityId: number | null;
}

const positiveId = (v: string | null) => {
  if (!v || !/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
};

const VISIT_TYPES_SET = new Set<string>(VISIT_TYPES);

/** The booking page's query, read leniently: a broken slot or type falls back, a missing doctor is null. */
export function parseDoctorBooking(search: URLSearchParams): ParsedDoctorBooking | null {
  const doctorId = positiveId(search.get('doctor'));
  if (!doctorId) return null;
  const type = search.get('type');
  const slot = search.get('slot');
  return {
    doctorId,
    lpuId: positiveId(search.get('lpu')),
    slot: slot ? parseSlotParam(slot) : null,
    type: type && VISIT_TYPES_SET.has(type) ? (type as VisitType) : DEFAULT_VISIT_TYPE,
    source: search.get('source')?.slice(0, 40) || null,
    specialityId: positiveId(search.get('speciality')),
  };
}

export interface ServiceBookingTarget {
  lpuId: number;
  /** The directory's synonym id, or the clinic's MIS id of the service. */
  service: string | number;
  /** A doctor's line of the service. */
  doctorId?: number;
  day?: string;
  time?: string;
  source: BookingSource;
  /** Analyses book at their own path. */
  analysis?: boolean;
}

/**
 * The booking page of a clinic's service (`/uslugi/appointment/new/?lpu={id}&source=…` plus
 * service, slot, doctorId; `/analyses/appointment/new/` for analyses).
 */
export function serviceAppointmentUrl(target: ServiceBookingTarget): string {
  const q = new URLSearchParams();
  q.set('lpu', String(target.lpuId));
  q.set('service', String(target.service));
  if (target.day && target.time) q.set('slot', slotParam(target.day, target.time));
  if (target.doctorId) q.set('doctorId', String(target.doctorId));
  q.set('source', target.source);
  return `${target.analysis ? ANALYSIS_APPOINTMENT_PATH : SERVICE_APPOINTMENT_PATH}?${q.toString()}`;
}

export interface ParsedServiceBooking {
  lpuId: number;
  service: string;
  doctorId: number | null;
  slot: { day: string; time: string } | null;
  source: string | null;
}

/** The service booking page's query; null without a clinic or a service (a slot needs the service). */
export function parseServiceBooking(search: URLSearchParams): ParsedServiceBooking | null {
  const lpuId = positiveId(search.get('lpu'));
  // A price list's link may name the service by its directory type (`dtype`, the synonym's id).
  const service = (search.get('service') || search.get('dtype'))?.trim() ?? '';
  if (!lpuId || !/^[\w.-]{1,40}$/.test(service)) return null;
  const slot = search.get('slot');
  return {
    lpuId,
    service,
    doctorId: positiveId(search.get('doctorId') ?? search.get('targetDoctorId')),
    slot: slot ? parseSlotParam(slot) : null,
    source: search.get('source')?.slice(0, 40) || null,
  };
}

const tokenQuery = (token: string | null) => `?token=${encodeURIComponent(token ?? '')}`;

/** A booked appointment's page; the token lets the patient in from the SMS or the .ics file. */
export function appointmentPageUrl(a: { id: number; cancelToken: string | null }): string {
  return `/appointment/${a.id}/${tokenQuery(a.cancelToken)}`;
}

/** The appointment as a calendar file, with the same token. */
export function appointmentIcsUrl(a: { id: number; cancelToken: string | null }): string {
  return `/appointment/${a.id}/ics/${tokenQuery(a.cancelToken)}`;
}

/**
 * A service booking link that names no service (`/uslugi/appointment/new/?lpu=…`, optionally
 * `dclass` — the service class — and `doctorId` / `targetDoctorId`; `device` and `equipmentId`
 * are taken and not needed): the page offers the clinic's slot-booked services to choose from.
 * Null without a clinic.
 */
export function parseServiceChoice(
  search: URLSearchParams,
): { lpuId: number; classId: number | null; doctorId: number | null; source: string | null } | null {
  const lpuId = positiveId(search.get('lpu'));
  if (!lpuId) return null;
  return {
    lpuId,
    classId: positiveId(search.get('dclass')),
    doctorId: positiveId(search.get('doctorId') ?? search.get('targetDoctorId')),
    source: search.get('source')?.slice(0, 40) || null,
  };
}
