/**
 * The seed's curated Russian data (server/db/seed/data/*.json) with the types it is cast to,
 * and the town look-up by slug.
 */
import clinicsJson from '../data/clinics.json' with { type: 'json' };
import namesJson from '../data/names.json' with { type: 'json' };
import reviewsJson from '../data/reviews.json' with { type: 'json' };
import servicesJson from '../data/services.json' with { type: 'json' };
import specialitiesJson from '../data/specialities.json' with { type: 'json' };
import townsJson from '../data/towns.json' with { type: 'json' };
import xlTownsJson from '../data/towns-xl.json' with { type: 'json' };
import treatmentsJson from '../data/treatments.json' with { type: 'json' };

// Data types. JSON imports infer loose types (tuples become arrays, enums become
// string), so the files are cast to these; data.test.ts checks the shapes.

export type Gender = 'M' | 'F';
export type Sentiment = 'positive' | 'neutral' | 'negative';
export const SPECIALITY_GROUPS = [
  'therapy',
  'surgery',
  'dentistry',
  'women',
  'children',
  'eyes',
  'ent',
  'neuro',
  'psy',
  'skin',
  'diagnostics',
  'rehab',
  'other',
] as const;
export type SpecialityGroup = (typeof SPECIALITY_GROUPS)[number];

export interface TownArea {
  district: string;
  streets: string[];
  /** Stations in or next to the district; empty where the town has no metro. */
  metro: string[];
  /**
   * The district's middle (its stations are around it), where the data knows it: Moscow and
   * Saint Petersburg. Elsewhere generate/addresses.ts places the districts around the centre.
   */
  lat?: number;
  lon?: number;
}

export interface Town {
  slug: string;
  name: string;
  /** With its preposition: 'в Москве', 'во Владивостоке'. */
  nameIn: string;
  nameGen: string;
  region: string;
  /** Two-digit region code (licence numbers, car plates): '77'. */
  regionCode: string;
  lat: number;
  lon: number;
  tz: string;
  /** Area code without the country code: '495', '8442'. */
  phoneCode: string;
  altPhoneCodes: string[];
  population: number;
  /** Relative share of clinics and doctors in a generated data set. */
  weight: number;
  /** Multiplier for services.json prices (which are Moscow-level). */
  priceFactor: number;
  /** Radius around the centre within which clinic coordinates are scattered. */
  radiusKm: number;
  districts: string[];
  metro: string[];
  streets: string[];
  areas: TownArea[];
}

export interface Speciality {
  name: string;
  namePlural: string;
  nameGenPlural: string;
  nameDat: string;
  translit: string;
  group: SpecialityGroup;
  weight: number;
  children: boolean;
  homeVisit: boolean;
  online: boolean;
  /** Usually not a physician (psychologist, speech therapist…): the booking widget shows the staff label. */
  staffAppointmentType: boolean;
  synonyms: string[];
}

export type ServiceKind = 'service' | 'diagnostics' | 'analysis';

export interface Service {
  name: string;
  translit: string;
  /** Whole roubles, Moscow level; multiply by Town.priceFactor elsewhere (see servicePrice). */
  priceMin: number;
  priceMax: number;
  duration: number;
  requiresPrimaryConsultation: boolean;
  /** Translit of the speciality that performs it, if any. */
  speciality?: string;
}

export interface ServiceClass {
  name: string;
  translit: string;
  kind: ServiceKind;
  services: Service[];
}

export interface Treatment {
  name: string;
  translit: string;
  specialities: string[];
}

type Weighted<T> = [T, number];

interface RegionalNames {
  /** Probability that a person in this town gets a regional name set. */
  share: number;
  male: Weighted<string>[];
  female: Weighted<string>[];
  fathers: Weighted<string>[];
  surnames: [string, string][];
}

export interface NamesData {
  male: Weighted<string>[];
  female: Weighted<string>[];
  fathers: Weighted<string>[];
  /** Father's name → [male, female] patronymic. */
  patronymics: Record<string, [string, string]>;
  /** [male form, female form], roughly by frequency. */
  surnames: [string, string][];
  regional: Record<string, RegionalNames>;
}

export type BySentiment<T> = Record<Sentiment, T>;

export interface ReviewTag {
  name: string;
  translit: string;
  /** 1 = praise, -1 = complaint. */
  polarity: 1 | -1;
  /** Speciality groups where the tag makes sense; absent = any. */
  groups?: SpecialityGroup[];
}

export interface ReviewsData {
  criteria: string[];
  openings: BySentiment<string[]>;
  /** Why the author came, by group; every line fits every speciality of its group. */
  reasons: Record<SpecialityGroup | 'generic', string[]>;
  /** Organ-specific reasons by speciality translit. */
  specialityReasons: Record<string, string[]>;
  doctor: BySentiment<string[]>;
  bodies: Record<SpecialityGroup | 'generic', BySentiment<string[]>>;
  specialityBodies: Record<string, Partial<BySentiment<string[]>>>;
  /** Long narrative sentences for detailed reviews. */
  stories: BySentiment<string[]>;
  minuses: string[];
  clinic: BySentiment<string[]>;
  outcomes: BySentiment<string[]>;
  closings: BySentiment<string[]>;
  tags: ReviewTag[];
  replies: Record<'doctor' | 'clinic', BySentiment<string[]>>;
}

export interface EquipmentItem {
  kind: string;
  name: string;
  attributes: { name: string; value: string }[];
  description: string;
}

export const CLINIC_KINDS = [
  'clinic',
  'dentistry',
  'diagnostics',
  'lab',
  'hospital',
  'children',
  'women',
  'eyes',
  'cosmetology',
  'rehab',
  'psy',
] as const;
export type ClinicKind = (typeof CLINIC_KINDS)[number];

export interface ClinicsData {
  prefixes: Record<ClinicKind, string[]>;
  /** Quoted names by theme; 'general' suits any kind. */
  names: Record<string, string[]>;
  doctorSurnamesGen: string[];
  interview: { question: string; answers: string[] }[];
  promotions: { title: string; body: string }[];
  equipment: EquipmentItem[];
  covidRules: string[];
  licenceAuthorities: Record<string, string>;
  federalLicenceAuthority: string;
  descriptions: string[];
}

export const towns = townsJson as unknown as Town[];
/**
 * The other regions' administrative centres, for the 'xl' data set only (sizes.ts allRegions):
 * after `towns`, so the first 16 towns keep their ids and every smaller data set stays as it was.
 */
export const xlTowns = xlTownsJson as unknown as Town[];
export const specialities = specialitiesJson as unknown as Speciality[];
export const serviceClasses = servicesJson as unknown as ServiceClass[];
export const treatments = treatmentsJson as unknown as Treatment[];
export const names = namesJson as unknown as NamesData;
export const reviewBank = reviewsJson as unknown as ReviewsData;
export const clinicBank = clinicsJson as unknown as ClinicsData;
export const reviewTags: readonly ReviewTag[] = reviewBank.tags;
export const REVIEW_CRITERIA: readonly string[] = reviewBank.criteria;

const townIndex = new Map([...towns, ...xlTowns].map((t) => [t.slug, t]));

/** The town with this slug; throws on an unknown slug so a typo in the seed fails loudly. */
export function townBySlug(slug: string): Town {
  const town = townIndex.get(slug);
  if (!town) throw new Error(`Unknown town slug: ${slug}`);
  return town;
}

/** A town given as itself or by its slug. */
export function resolveTown(town: Town | string): Town {
  return typeof town === 'string' ? townBySlug(town) : town;
}
