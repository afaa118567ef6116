/** Street addresses with their district, metro and coordinates, and phone numbers. */
import { resolveTown, type Town } from './data';
import type { Rng } from './random';

export interface Address {
  street: string;
  /** '12', '27А', '45/2', '12, корп. 2', '7, стр. 1', '14, лит. А'. */
  house: string;
  district: string;
  metro: string | null;
  lat: number;
  lon: number;
  /** 'ул. Тверская, д. 12, корп. 2'. */
  full: string;
}

const HOUSE_LETTERS = ['А', 'Б', 'В'];

function houseNumber(rng: Rng, town: Town): string {
  // Small numbers are far more common than 3-digit ones.
  const n = 1 + Math.floor(140 * rng.next() ** 2.2);
  const r = rng.next();
  const big = town.slug === 'moskva';
  if (town.slug === 'spb' && r < 0.3) return `${n}, лит. ${rng.pick(HOUSE_LETTERS)}`;
  if (r < (big ? 0.18 : 0.08)) return `${n}, корп. ${rng.int(1, 4)}`;
  if (r < (big ? 0.28 : 0.12)) return `${n}, стр. ${rng.int(1, 3)}`;
  if (r < (big ? 0.34 : 0.2)) return `${n}${rng.pick(HOUSE_LETTERS)}`;
  if (r < (big ? 0.38 : 0.25)) return `${n}/${rng.int(2, 12)}`;
  return String(n);
}

/** A point uniformly scattered in a disc of the town's radius around its centre. */
export function pointIn(rng: Rng, town: Town | string): { lat: number; lon: number } {
  const t = resolveTown(town);
  const dist = t.radiusKm * Math.sqrt(rng.next());
  const angle = 2 * Math.PI * rng.next();
  const dLat = (dist * Math.cos(angle)) / 111.32;
  const dLon = (dist * Math.sin(angle)) / (111.32 * Math.cos((t.lat * Math.PI) / 180));
  return { lat: Math.round((t.lat + dLat) * 1e6) / 1e6, lon: Math.round((t.lon + dLon) * 1e6) / 1e6 };
}

/**
 * A plausible street address: the street belongs to the district, and the metro station
 * (where the town has one) is one near that district.
 */
export function address(rng: Rng, town: Town | string): Address {
  const t = resolveTown(town);
  const area = rng.pick(t.areas);
  const street = rng.pick(area.streets);
  const house = houseNumber(rng, t);
  const metro = area.metro.length > 0 ? rng.pick(area.metro) : null;
  const { lat, lon } = pointIn(rng, t);
  return { street, house, district: area.district, metro, lat, lon, full: `${street}, д. ${house}` };
}

function digits(rng: Rng, count: number): string {
  let s = '';
  for (let i = 0; i < count; i++) s += String(Math.floor(rng.next() * 10));
  return s;
}

/** A landline in the town's area code, 11 digits: '74951234567'. */
export function phone(rng: Rng, town: Town | string): string {
  const t = resolveTown(town);
  const code = t.altPhoneCodes.length > 0 && rng.chance(0.3) ? rng.pick(t.altPhoneCodes) : t.phoneCode;
  // Subscriber numbers do not start with 0 or 1 (those were trunk/service prefixes).
  return `7${code}${rng.int(2, 9)}${digits(rng, 9 - code.length)}`;
}

/** A mobile number, 11 digits: '79161234567'. */
export function mobilePhone(rng: Rng): string {
  return `79${digits(rng, 9)}`;
}
