/**
 * Home visits ('Вызов врача на дом', docs/product/visits.md): the patient's address, the
 * clinic's service area and its arrival window. Pure rules and words, no zod (the visit's page
 * shows these without loading the validation library; the schema is in home-address.ts).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import { haversineKm, type Point } from '../geo/distance';

export const HOME_TEXTS = {
  /** The refusal of an address outside the clinic's service area (form and API). */
  outside: 'Врач не выезжает по этому адресу',
  street: 'Укажите улицу',
  house: 'Укажите дом',
  district: 'Выберите район',
  address: 'Укажите адрес, куда приедет врач',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  /** Payment for a home visit: the doctor takes it (not 'оплата в клинике'). */
  payment: 'оплата при визите врача',
  /** The visit page's heading over the address. */
  where: 'Врач приедет по адресу',
  /** A home visit's place in 'Мои записи'. */
  listPrefix: 'На дому: ',
} as const;

/** Sane lengths of the address's fields: a Russian street name fits 80, a note a few lines. */
export const HOME_ADDRESS_LIMITS = {
  street: 100,
  house: 20,
  flat: 10,
  entrance: 10,
  floor: 10,
  intercom: 20,
  note: 300,
} as const;

/** The address the doctor goes to, as the patient gave it (trimmed; empty optional parts are ''). */
export interface HomeAddress {
  street: string;
  house: string;
  flat: string;
  entrance: string;
  floor: string;
  intercom: string;
  note: string;
  /** The town's district the patient chose; null where the town has none listed. */
  districtId: number | null;
}

/** The address as it is kept on the visit: the district's name and the point, when known. */
export interface KeptHomeAddress extends HomeAddress {
  districtName: string | null;
  /** Where the geocoder placed the house; null when no provider knew that very house. */
  lat: number | null;
  lon: number | null;
}

/**
 * 'ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К': one line for the SMS, the
 * calendar file and the lists. The note is not part of it (the visit's page shows it apart).
 */
export function formatHomeAddress(
  a: Pick<HomeAddress, 'street' | 'house' | 'flat' | 'entrance' | 'floor' | 'intercom'>,
): string {
  const parts = [a.street, `д. ${a.house}`];
  if (a.flat) parts.push(`кв. ${a.flat}`);
  if (a.entrance) parts.push(`подъезд ${a.entrance}`);
  if (a.floor) parts.push(`этаж ${a.floor}`);
  if (a.intercom) parts.push(`домофон ${a.intercom}`);
  return parts.join(', ');
}

/**
 * Where a clinic's doctors go on home visits. Either part may be unset: no radius and no
 * districts means the whole town (the clinic has not narrowed it).
 */
export interface ServiceArea {
  /** Kilometres around the clinic's address; null: no radius. */
  radiusKm: number | null;
  /** The town's districts; empty: none listed. */
  districtIds: readonly number[];
}

export const NO_SERVICE_AREA: ServiceArea = { radiusKm: null, districtIds: [] };

/** The radius a clinic may set: a town's outskirts are within 50 km of any clinic in it. */
export const SERVICE_RADIUS_KM = { min: 1, max: 50 } as const;

/**
 * Whether a clinic's doctor goes to an address. The radius and the districts each let an
 * address in (an address in a listed district is served even past the radius, one within the
 * radius even in another district):
 * - nothing set: the whole town;
 * - a listed district: in;
 * - a known point within the radius of the clinic: in;
 * - a radius only, and the house's point unknown (the geocoder did not know that very house):
 *   in, since nothing says it is out; the desk sees the address before the doctor goes;
 * - otherwise: out ('Врач не выезжает по этому адресу').
 * Example: radius 5 km and the district 'Арбат'; an address in 'Арбат' 8 km off is in, one in
 * 'Хамовники' 3 km off is in, one in 'Хамовники' 7 km off is out.
 */
export function servesAddress(
  area: ServiceArea,
  address: { districtId: number | null; point: Point | null },
  clinic: Point,
): boolean {
  const { radiusKm, districtIds } = area;
  if (radiusKm === null && districtIds.length === 0) return true;
  if (address.districtId !== null && districtIds.includes(address.districtId)) return true;
  if (radiusKm !== null) {
    if (address.point) return haversineKm(clinic, address.point) <= radiusKm;
    return districtIds.length === 0;
  }
  return false;
}

/** The arrival windows a clinic may choose (minutes); null: the doctor comes at the booked time. */
export const HOME_WINDOWS = [60, 120, 180, 240] as const;
export type HomeWindow = (typeof HOME_WINDOWS)[number];

/**
 * 'с 10:00 до 12:00': the window the doctor arrives in. The booked slot's start opens it;
 * a window crossing midnight still reads as the clock shows ('с 23:00 до 01:00').
 */
export function visitWindow(startsAt: Date | string, windowMinutes: number, tz: string): string {
  const start = new Date(startsAt).getTime();
  const clock = (ms: number) => format(new TZDate(ms, tz), 'HH:mm');
  return `с ${clock(start)} до ${clock(start + windowMinutes * 60_000)}`;
}

/**
 * '23 ноября 2026, понедельник, 09:30', or for a home visit with a window '23 ноября 2026,
 * понедельник, врач приедет с 10:00 до 12:00'.
 */
export function formatVisitWhen(startsAt: Date | string, tz: string, windowMinutes: number | null): string {
  const at = new TZDate(new Date(startsAt).getTime(), tz);
  if (!windowMinutes) return format(at, 'd MMMM yyyy, EEEE, HH:mm', { locale: ru });
  return `${format(at, 'd MMMM yyyy, EEEE', { locale: ru })}, врач приедет ${visitWindow(startsAt, windowMinutes, tz)}`;
}

/** '23.11 с 10:00 до 12:00' (a window) or '23.11 в 09:30': the time in an SMS. */
export function smsVisitWhen(startsAt: Date | string, tz: string, windowMinutes: number | null): string {
  const at = new TZDate(new Date(startsAt).getTime(), tz);
  if (!windowMinutes) return format(at, "dd.MM 'в' HH:mm");
  return `${format(at, 'dd.MM')} ${visitWindow(startsAt, windowMinutes, tz)}`;
}
