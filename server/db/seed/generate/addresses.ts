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

const KM_PER_DEGREE = 111.32;

/** The point `km` away from `from` in the direction `angle` (radians, 0 = north). */
function offset(from: { lat: number; lon: number }, km: number, angle: number): { lat: number; lon: number } {
  const dLat = (km * Math.cos(angle)) / KM_PER_DEGREE;
  const dLon = (km * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + dLat, lon: from.lon + dLon };
}

/** A point uniformly scattered in a disc of `radiusKm` around `centre`, to 6 decimals (≈10 cm). */
function pointAround(rng: Rng, centre: { lat: number; lon: number }, radiusKm: number) {
  const p = offset(centre, radiusKm * Math.sqrt(rng.next()), 2 * Math.PI * rng.next());
  return { lat: Math.round(p.lat * 1e6) / 1e6, lon: Math.round(p.lon * 1e6) / 1e6 };
}

/**
 * How far a clinic stands from its district's middle: its metro station (the middle of the
 * station's clinics on the map) is then a walk or a stop away, as the address says.
 */
export const AREA_RADIUS_KM = 1.5;

/**
 * The middle of the town's `index`-th district: from the data where it knows it; else the first
 * district is the centre and the others stand around it, 60 % of the town's radius out.
 */
export function areaCentre(town: Town | string, index: number): { lat: number; lon: number } {
  const t = resolveTown(town);
  const area = t.areas[index];
  if (area?.lat !== undefined && area.lon !== undefined) return { lat: area.lat, lon: area.lon };
  if (index === 0 || t.areas.length < 2) return { lat: t.lat, lon: t.lon };
  return offset(t, t.radiusKm * 0.6, (2 * Math.PI * (index - 1)) / (t.areas.length - 1));
}

/**
 * A plausible street address: the street belongs to the district, the metro station (where the
 * town has one) is one near that district, and the point stands within AREA_RADIUS_KM of the
 * district's middle (scattered over the whole town, a clinic 'at Тверская' stood anywhere, and
 * its metro's place on the map, the middle of its clinics, near the town's centre).
 */
export function address(rng: Rng, town: Town | string): Address {
  const t = resolveTown(town);
  const area = rng.pick(t.areas);
  const street = rng.pick(area.streets);
  const house = houseNumber(rng, t);
  const metro = area.metro.length > 0 ? rng.pick(area.metro) : null;
  const { lat, lon } = pointAround(
    rng,
    areaCentre(t, t.areas.indexOf(area)),
    Math.min(AREA_RADIUS_KM, t.radiusKm / 3),
  );
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
