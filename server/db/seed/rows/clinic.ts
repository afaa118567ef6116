import type { AccessibilityFeature } from '../../../../core/clinic/accessibility';
import { type clinics, SOFTWARE_VERSIONS } from '../../schema/clinics';
import type { Row } from '../bulk';
import type { Rng } from '../rng';
import { type ClinicKind, clinicDescription, clinicInterview, covidRules } from '../texts/clinic-texts';
import { addDays, dateOnly, yearsBefore } from './time';

export interface ClinicRowInput {
  id: number;
  townId: number;
  /** Town centre and how far from it clinics spread. */
  centre: { lat: number; lon: number; radiusKm: number };
  kind: ClinicKind;
  name: string;
  slug: string;
  networkId: number | null;
  street: string;
  house: string;
  districtId: number | null;
  metroId: number | null;
  phones: string[];
  now: Date;
}

/** A full clinics row; everything not given is drawn from the rng. */
export function clinicRow(rng: Rng, input: ClinicRowInput): Row<typeof clinics> {
  const nowYear = input.now.getUTCFullYear();
  const foundedYear = rng.chance(0.85) ? rng.int(1992, nowYear - 1) : null;
  const priceUpdateStatus = pickStatus(rng);
  const staleDays = [rng.int(0, 30), rng.int(31, 90), rng.int(91, 270), rng.int(271, 720)][priceUpdateStatus];
  const clubEnabled = input.kind !== 'hospital' && rng.chance(0.4);
  const [lat, lon] = jitter(rng, input.centre);
  return {
    id: input.id,
    townId: input.townId,
    networkId: input.networkId,
    name: input.name,
    slug: input.slug,
    kind: input.kind,
    description: clinicDescription(rng, input.kind, foundedYear),
    street: input.street,
    house: input.house,
    districtId: input.districtId,
    metroId: input.metroId,
    lat,
    lon,
    phones: input.phones,
    website: null,
    photoUrl: null,
    foundedYear,
    rating: 0,
    reviewsCount: 0,
    ratingWeighted: 0,
    ratingWeights: 0,
    fakeWarning: null,
    doctorsCount: 0,
    softwareVersion: rng.chance(0.2) ? rng.pick(SOFTWARE_VERSIONS) : null,
    priceUpdateStatus,
    priceUpdatedAt: dateOnly(addDays(input.now, -staleDays)),
    isAppointmentOn: rng.chance(0.92),
    cancelCutoffMinutes: 120,
    remindDayBefore: true,
    remindHoursBefore: true,
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    bookingHorizonDays: 14,
    // No demo clinic has a contact for its bookings: the clinic sets its own in the cabinet.
    notifyPhone: null,
    notifyEmail: null,
    notifyNewBooking: true,
    notifyPatientCancel: true,
    notifyNewReview: true,
    notifyCallbackRequest: true,
    // Home visits: the whole town, at the booked time, until the clinic sets its area in the cabinet.
    homeRadiusKm: null,
    homeDistrictIds: [],
    homeWindowMinutes: null,
    clubEnabled,
    clubDiscountPercent: clubEnabled ? rng.int(10, 20) : 0,
    children: input.kind === 'children',
    covidRules: covidRules(rng),
    accessibility: demoAccessibility(input.id),
    interview: clinicInterview(rng),
    createdAt: yearsBefore(rng, input.now, 6, 10),
  };
}

/**
 * What a demo clinic tells of its accessibility: about half say something, most of those have a
 * step-free entrance. From the id alone, not the rng, so the rest of the data set stays as it was.
 */
function demoAccessibility(id: number): AccessibilityFeature[] {
  const h = (id * 2654435761) >>> 0;
  if (h % 100 < 50) return [];
  const features: AccessibilityFeature[] = [];
  if (h % 10 < 8) features.push('step_free');
  if ((h >> 4) % 3 !== 0) features.push('lift');
  if ((h >> 6) % 4 === 0) features.push('toilet');
  if ((h >> 8) % 5 === 0) features.push('parking');
  if ((h >> 10) % 9 === 0) features.push('hearing');
  return features;
}

function pickStatus(rng: Rng): number {
  const x = rng.next();
  return x < 0.55 ? 0 : x < 0.8 ? 1 : x < 0.92 ? 2 : 3;
}

/** A point within the radius (capped at 10 km), uniform over the disc. */
function jitter(rng: Rng, centre: { lat: number; lon: number; radiusKm: number }): [number, number] {
  const r = Math.min(centre.radiusKm, 10) * Math.sqrt(rng.next());
  const angle = rng.next() * 2 * Math.PI;
  const dLat = (r * Math.cos(angle)) / 111.32;
  const dLon = (r * Math.sin(angle)) / (111.32 * Math.cos((centre.lat * Math.PI) / 180));
  return [round6(centre.lat + dLat), round6(centre.lon + dLon)];
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Weekly hours, ISO weekday 1…7 → [opens, closes] in minutes, or null when closed. */
export type WeekHours = ([number, number] | null)[];

export function clinicWeekHours(rng: Rng, kind: ClinicKind): WeekHours {
  const allDay = kind === 'hospital' ? 0.6 : kind === 'diagnostics' ? 0.12 : kind === 'lab' ? 0 : 0.03;
  if (rng.chance(allDay)) return Array.from({ length: 7 }, () => [0, 24 * 60] as [number, number]);
  const h = (hours: number, minutes = 0) => hours * 60 + minutes;
  if (kind === 'lab') {
    const weekday: [number, number] = [rng.pick([h(7), h(7, 30), h(8)]), rng.pick([h(19), h(20)])];
    return [
      weekday,
      weekday,
      weekday,
      weekday,
      weekday,
      [h(8), h(15)],
      rng.chance(0.6) ? [h(8), h(14)] : null,
    ];
  }
  const weekday: [number, number] = [rng.pick([h(8), h(8), h(9)]), rng.pick([h(20), h(21), h(21)])];
  const saturday: [number, number] | null = rng.chance(0.85)
    ? rng.pick([
        [h(9), h(18)],
        [h(10), h(16)],
      ])
    : null;
  const sunday: [number, number] | null = saturday && rng.chance(0.5) ? [h(10), h(16)] : null;
  return [weekday, weekday, weekday, weekday, weekday, saturday, sunday];
}

export function isAllDay(hours: WeekHours): boolean {
  return hours.every((d) => d !== null && d[0] === 0 && d[1] === 24 * 60);
}

export const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Public holidays (month, day) whose hours clinics publish ('График работы в праздники'). */
const HOLIDAYS: [number, number][] = [
  [12, 31],
  [1, 1],
  [1, 2],
  [1, 3],
  [1, 4],
  [1, 5],
  [1, 6],
  [1, 7],
  [1, 8],
  [2, 23],
  [3, 8],
  [5, 1],
  [5, 9],
  [6, 12],
  [11, 4],
];

/** The holidays after `today` ('yyyy-MM-dd') within the coming `days`, in date order. */
export function upcomingHolidays(today: string, days = 240): string[] {
  const [y] = today.split('-').map(Number);
  const limit = dateOnly(addDays(new Date(`${today}T00:00:00Z`), days));
  const out: string[] = [];
  for (const year of [y, y + 1]) {
    for (const [m, d] of HOLIDAYS) {
      const date = `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      if (date > today && date <= limit) out.push(date);
    }
  }
  return out.sort();
}
