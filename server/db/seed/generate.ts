/**
 * Pure, deterministic building blocks for the seed script: curated Russian data plus
 * generators for names, addresses, phones, clinic names and review texts.
 *
 * Nothing here touches the database, the clock or Math.random: every random choice comes
 * from an Rng made by createRng(seed), so the same seed always yields the same rows.
 */
import clinicsJson from './data/clinics.json' with { type: 'json' };
import namesJson from './data/names.json' with { type: 'json' };
import reviewsJson from './data/reviews.json' with { type: 'json' };
import servicesJson from './data/services.json' with { type: 'json' };
import specialitiesJson from './data/specialities.json' with { type: 'json' };
import townsJson from './data/towns.json' with { type: 'json' };
import treatmentsJson from './data/treatments.json' with { type: 'json' };

// ---------------------------------------------------------------------------
// Data types. JSON imports infer loose types (tuples become arrays, enums become
// string), so the files are cast to these; generate.test.ts checks the shapes.

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

type BySentiment<T> = Record<Sentiment, T>;

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
export const specialities = specialitiesJson as unknown as Speciality[];
export const serviceClasses = servicesJson as unknown as ServiceClass[];
export const treatments = treatmentsJson as unknown as Treatment[];
export const names = namesJson as unknown as NamesData;
export const reviewBank = reviewsJson as unknown as ReviewsData;
export const clinicBank = clinicsJson as unknown as ClinicsData;
export const reviewTags: readonly ReviewTag[] = reviewBank.tags;
export const REVIEW_CRITERIA: readonly string[] = reviewBank.criteria;

const townIndex = new Map(towns.map((t) => [t.slug, t]));

/** The town with this slug; throws on an unknown slug so a typo in the seed fails loudly. */
export function townBySlug(slug: string): Town {
  const town = townIndex.get(slug);
  if (!town) throw new Error(`Unknown town slug: ${slug}`);
  return town;
}

function resolveTown(town: Town | string): Town {
  return typeof town === 'string' ? townBySlug(town) : town;
}

// ---------------------------------------------------------------------------
// Seeded PRNG

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight; prefer weightedPicker() for a list used many times. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  /**
   * An independent generator derived from this one's seed and a label, not from its
   * current state: rng.fork('doctor:42') gives the same stream however much the parent
   * has been used, so inserting an entity does not reshuffle all the others.
   */
  fork(label: string | number): Rng;
}

/** 32-bit FNV-1a over the parts, then a murmur3 finaliser for avalanche. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // Separator, so ('ab', 'c') and ('a', 'bc') differ.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter): 128-bit state, passes PractRand,
 * and is several times faster than anything crypto-based. The state is seeded through
 * splitmix32 so nearby seeds (1, 2, 3) give unrelated streams.
 */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm-up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 12; i++) next();

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[Math.floor(next() * items.length)];
    },
    weighted: (pairs) => {
      let total = 0;
      for (const p of pairs) total += p[1];
      let r = next() * total;
      for (const p of pairs) {
        r -= p[1];
        if (r < 0) return p[0];
      }
      return pairs[pairs.length - 1][0];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i];
        out[i] = out[j];
        out[j] = tmp;
      }
      return out;
    },
    sample: (items, k) => rng.shuffle(items).slice(0, Math.max(0, k)),
    fork: (label) => createRng(hashSeed(seed, label)),
  };
  return rng;
}

/** A fast picker for a fixed weighted list: cumulative sums + binary search. */
export function weightedPicker<T>(pairs: readonly (readonly [T, number])[]): (rng: Rng) => T {
  if (pairs.length === 0) throw new Error('weightedPicker() of an empty list');
  const items = pairs.map((p) => p[0]);
  const cumulative: number[] = [];
  let total = 0;
  for (const p of pairs) {
    total += p[1];
    cumulative.push(total);
  }
  return (rng) => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

/** Picks from a frequency-ordered list, favouring the head (Иванов more often than Гофман). */
function pickSkewed<T>(rng: Rng, items: readonly T[], power = 1.5): T {
  return items[Math.floor(items.length * rng.next() ** power)];
}

// ---------------------------------------------------------------------------
// Slugs

// seed-data.md §6: BGN/ICAO-like (х→kh, ц→ts, й→y, щ→shch), ъ/ь dropped, ый→iy.
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian/Belarusian letters that turn up in surnames.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
};

/**
 * URL slug from Russian text: 'Щёлково' → 'shchyolkovo', 'Мануальный терапевт' →
 * 'manualniy-terapevt', 'ЛОР (оториноларинголог)' → 'lor-otorinolaringolog'.
 * Slugs are stored in data; call this only when creating a row, never to look one up.
 */
export function slugify(text: string): string {
  const s = text.toLowerCase();
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === 'ы' && s[i + 1] === 'й') {
      out += 'iy';
      i++;
      continue;
    }
    const mapped = CYRILLIC_TO_LATIN[ch];
    if (mapped !== undefined) out += mapped;
    else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (ch === "'" || ch === '’') continue;
    else if (ch > '\u007f') {
      // Latin letters with diacritics (é → e); anything else becomes a separator.
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[a-z0-9]+$/.test(base) ? base : '-';
    } else out += '-';
  }
  return out.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

// ---------------------------------------------------------------------------
// People

export interface PersonName {
  lastName: string;
  firstName: string;
  patronymic: string;
}

const pickMale = weightedPicker(names.male);
const pickFemale = weightedPicker(names.female);
const pickFather = weightedPicker(names.fathers);
const regionalPickers = new Map(
  Object.entries(names.regional).map(([slug, r]) => [
    slug,
    {
      share: r.share,
      male: weightedPicker(r.male),
      female: weightedPicker(r.female),
      father: weightedPicker(r.fathers),
      surnames: r.surnames,
    },
  ]),
);

function patronymicOf(father: string, gender: Gender): string {
  const forms = names.patronymics[father];
  if (!forms) throw new Error(`No patronymic for ${father}`);
  return gender === 'M' ? forms[0] : forms[1];
}

/**
 * A realistic Russian full name of the given gender. In towns with a regional list
 * (Kazan, Ufa) a share of people get Tatar/Bashkir names; mixed families are allowed
 * (a Tatar surname with a Russian first name and so on).
 */
export function personName(rng: Rng, gender: Gender, town?: string): PersonName {
  const regional = town ? regionalPickers.get(town) : undefined;
  const isRegional = regional !== undefined && rng.chance(regional.share);
  const firstName =
    regional && isRegional && rng.chance(0.8)
      ? (gender === 'M' ? regional.male : regional.female)(rng)
      : (gender === 'M' ? pickMale : pickFemale)(rng);
  const father = regional && isRegional && rng.chance(0.85) ? regional.father(rng) : pickFather(rng);
  const useRegionalSurname = regional && (isRegional ? rng.chance(0.9) : rng.chance(0.04));
  const surnamePair = useRegionalSurname ? rng.pick(regional.surnames) : pickSkewed(rng, names.surnames);
  return {
    lastName: gender === 'M' ? surnamePair[0] : surnamePair[1],
    firstName,
    patronymic: patronymicOf(father, gender),
  };
}

/** 'Иванова Елена Сергеевна': the order used in directories. */
export function fullName(n: PersonName): string {
  return `${n.lastName} ${n.firstName} ${n.patronymic}`;
}

/** How a review author signs: 'Ольга', 'Ольга К.', 'Сергей Петрович'. */
export function reviewAuthorName(rng: Rng, gender: Gender, town?: string): string {
  const n = personName(rng, gender, town);
  const r = rng.next();
  if (r < 0.55) return n.firstName;
  if (r < 0.9) return `${n.firstName} ${n.lastName[0]}.`;
  return `${n.firstName} ${n.patronymic}`;
}

// ---------------------------------------------------------------------------
// Text templates

/**
 * A fragment pre-rendered for the four combinations of doctor and author gender
 * (index = doctorF * 2 + authorF), each split on {doc}, so rendering is a lookup and
 * at most a join: that is what keeps a million reviews well under the time budget.
 */
interface Fragment {
  variants: string[][];
  hasDoc: boolean;
}

const TEMPLATE_TOKEN = /\{doc\}|\{([^{}|]*)\|([^{}]*)\}|\[([^[\]|]*)\|([^[\]]*)\]/g;
const DOC_MARK = '\u0000';

function compile(template: string): Fragment {
  const variants: string[][] = [];
  for (let i = 0; i < 4; i++) {
    const doctorF = i >= 2;
    const authorF = i % 2 === 1;
    const text = template.replace(TEMPLATE_TOKEN, (whole, dm, df, am, af) => {
      if (whole === '{doc}') return DOC_MARK;
      if (dm !== undefined) return doctorF ? df : dm;
      return authorF ? af : am;
    });
    variants.push(text.split(DOC_MARK));
  }
  return { variants, hasDoc: template.includes('{doc}') };
}

const compileList = (list: readonly string[]): Fragment[] => list.map(compile);
const compileBySentiment = (x: Partial<BySentiment<string[]>>): BySentiment<Fragment[]> => ({
  positive: compileList(x.positive ?? []),
  neutral: compileList(x.neutral ?? []),
  negative: compileList(x.negative ?? []),
});

const bank = {
  openings: compileBySentiment(reviewBank.openings),
  doctor: compileBySentiment(reviewBank.doctor),
  clinic: compileBySentiment(reviewBank.clinic),
  outcomes: compileBySentiment(reviewBank.outcomes),
  closings: compileBySentiment(reviewBank.closings),
  stories: compileBySentiment(reviewBank.stories),
  minuses: compileList(reviewBank.minuses),
  reasons: new Map(Object.entries(reviewBank.reasons).map(([g, list]) => [g, compileList(list)])),
  specialityReasons: new Map(
    Object.entries(reviewBank.specialityReasons).map(([s, list]) => [s, compileList(list)]),
  ),
  bodies: new Map(Object.entries(reviewBank.bodies).map(([g, b]) => [g, compileBySentiment(b)])),
  specialityBodies: new Map(
    Object.entries(reviewBank.specialityBodies).map(([s, b]) => [s, compileBySentiment(b)]),
  ),
  replies: {
    doctor: compileBySentiment(reviewBank.replies.doctor),
    clinic: compileBySentiment(reviewBank.replies.clinic),
  },
};
const genericReasons = bank.reasons.get('generic')!;
const genericBodies = bank.bodies.get('generic')!;

function render(f: Fragment, variant: number, doc: string): string {
  const parts = f.variants[variant];
  return parts.length === 1 ? parts[0] : parts.join(doc);
}

// ---------------------------------------------------------------------------
// Reviews

export interface ReviewTextOptions {
  sentiment: Sentiment;
  /** Speciality group (Speciality.group); unknown groups fall back to generic phrases. */
  group: string;
  /** Speciality translit: adds organ-specific phrases ('давление' for a cardiologist). */
  speciality?: string;
  doctorGender: Gender;
  /** 'Ирина Сергеевна'; without it, phrases that address the doctor by name are skipped. */
  doctorFirstPatronymic?: string | null;
  /** Author's gender; drawn (about 70% women, as on real review sites) when absent. */
  authorGender?: Gender;
  /** Paediatric speciality: mixes in phrases about the child. */
  children?: boolean;
}

/** Which pool a body sentence comes from, for neutral reviews that mix praise and complaint. */
const pickNeutralCore = weightedPicker<Sentiment>([
  ['neutral', 0.6],
  ['positive', 0.25],
  ['negative', 0.15],
]);

/**
 * Picks a fragment not yet used in this review (and without a {doc} slot when there is no
 * name), renders it and records it. Module-level rather than a closure inside reviewText:
 * tsx/esbuild wrap named closures in a __name() helper, which tripled the cost per review.
 */
function takeFragment(
  rng: Rng,
  pool: readonly Fragment[],
  used: Fragment[],
  doc: string,
  variant: number,
): string {
  let f = pool[Math.floor(rng.next() * pool.length)];
  for (let tries = 0; tries < 6 && ((f.hasDoc && !doc) || used.includes(f)); tries++) {
    f = pool[Math.floor(rng.next() * pool.length)];
  }
  if (f.hasDoc && !doc) {
    const plain = pool.filter((x) => !x.hasDoc);
    f = plain[Math.floor(rng.next() * plain.length)] ?? f;
  }
  used.push(f);
  return render(f, variant, doc);
}

/**
 * A patient review of 2–6 sentences: optional opening and reason for the visit, one or
 * more sentences about the doctor and the speciality, optionally the clinic, the outcome
 * and a closing line. Roughly 15% are two sentences, half are three or four, and a third
 * are five or six, most of those with a long narrative sentence (often 400+ characters).
 */
export function reviewText(rng: Rng, opts: ReviewTextOptions): string {
  const { sentiment, group } = opts;
  const doc = opts.doctorFirstPatronymic?.trim() ?? '';
  const authorF = group === 'women' ? true : opts.authorGender ? opts.authorGender === 'F' : rng.chance(0.7);
  const variant = (opts.doctorGender === 'F' ? 2 : 0) + (authorF ? 1 : 0);
  const groupBodies = bank.bodies.get(group) ?? genericBodies;
  const groupReasons = bank.reasons.get(group) ?? genericReasons;
  const specBodies = opts.speciality ? bank.specialityBodies.get(opts.speciality) : undefined;
  const specReasons = opts.speciality ? bank.specialityReasons.get(opts.speciality) : undefined;
  const childBodies = opts.children && group !== 'children' ? bank.bodies.get('children') : undefined;
  const childReasons = opts.children && group !== 'children' ? bank.reasons.get('children') : undefined;

  const r = rng.next();
  const n = r < 0.15 ? 2 : r < 0.65 ? rng.int(3, 4) : rng.int(5, 6);

  // Decide the frame first, then fill the rest with core sentences.
  let opening = rng.chance(n === 2 ? 0.35 : 0.65);
  let reason = rng.chance(n >= 4 ? 0.7 : 0.3);
  const closing = rng.chance(sentiment === 'positive' ? 0.7 : 0.55);
  let outcome = n >= 3 && rng.chance(0.4);
  let clinic = n >= 4 && rng.chance(0.3);
  let minus = sentiment === 'positive' && n >= 4 && rng.chance(0.15);
  let frame = +opening + +reason + +closing + +outcome + +clinic + +minus;
  // At least one core sentence; drop optional parts in order of least value.
  while (frame > n - 1) {
    if (minus) minus = false;
    else if (clinic) clinic = false;
    else if (outcome) outcome = false;
    else if (reason) reason = false;
    else if (opening) opening = false;
    frame--;
  }
  const cores = n - frame;
  const story = n >= 5 && rng.chance(0.8);

  const used: Fragment[] = [];

  const out: string[] = [];
  if (opening) out.push(takeFragment(rng, bank.openings[sentiment], used, doc, variant));
  if (reason) {
    // A paediatric speciality's group reasons are written about adults, so prefer child ones.
    const groupPool = childReasons && rng.chance(0.7) ? childReasons : groupReasons;
    const pool = specReasons && rng.chance(0.7) ? specReasons : rng.chance(0.85) ? groupPool : genericReasons;
    out.push(takeFragment(rng, pool, used, doc, variant));
  }
  for (let i = 0; i < cores; i++) {
    const s = sentiment === 'neutral' ? pickNeutralCore(rng) : sentiment;
    if (story && i === 0) {
      out.push(takeFragment(rng, bank.stories[sentiment], used, doc, variant));
      continue;
    }
    const k = rng.next();
    if (k < 0.45) {
      // A sentence about the speciality: its own pool when there is one, else the group's.
      const own = specBodies?.[s];
      if (own && own.length > 0 && rng.chance(0.55)) out.push(takeFragment(rng, own, used, doc, variant));
      else if (childBodies && rng.chance(0.4))
        out.push(takeFragment(rng, childBodies[s], used, doc, variant));
      else out.push(takeFragment(rng, groupBodies[s], used, doc, variant));
    } else if (k < 0.87) out.push(takeFragment(rng, bank.doctor[s], used, doc, variant));
    else out.push(takeFragment(rng, genericBodies[s], used, doc, variant));
  }
  if (minus) out.push(takeFragment(rng, bank.minuses, used, doc, variant));
  if (clinic) out.push(takeFragment(rng, bank.clinic[sentiment], used, doc, variant));
  if (outcome) out.push(takeFragment(rng, bank.outcomes[sentiment], used, doc, variant));
  if (closing) out.push(takeFragment(rng, bank.closings[sentiment], used, doc, variant));
  return out.join(' ');
}

/** Sentiment mix of real directories: mostly praise, some complaints, few lukewarm. */
const pickSentiment = weightedPicker<Sentiment>([
  ['positive', 0.76],
  ['neutral', 0.09],
  ['negative', 0.15],
]);
export function reviewSentiment(rng: Rng): Sentiment {
  return pickSentiment(rng);
}

export interface ReviewAssessment {
  name: string;
  /** −3…2 (spec: mapped to 0–5 stars as value + 3). */
  value: number;
}

const clampAssessment = (v: number) => Math.max(-3, Math.min(2, v));

/**
 * Per-criterion marks, correlated within a review: a base mark for the sentiment plus
 * small per-criterion noise. 'Посоветуете ли врача?' follows the base more strictly.
 */
export function reviewAssessments(rng: Rng, sentiment: Sentiment): ReviewAssessment[] {
  let base: number;
  if (sentiment === 'positive') base = rng.chance(0.85) ? 2 : 1;
  else if (sentiment === 'neutral')
    base = rng.weighted<number>([
      [1, 0.4],
      [0, 0.4],
      [-1, 0.2],
    ]);
  else
    base = rng.weighted<number>([
      [-3, 0.6],
      [-2, 0.25],
      [-1, 0.15],
    ]);
  const last = REVIEW_CRITERIA.length - 1;
  return REVIEW_CRITERIA.map((name, i) => {
    const r = rng.next();
    const noise = i === last ? 0 : r < 0.15 ? -1 : r > 0.9 ? 1 : 0;
    return { name, value: clampAssessment(base + noise) };
  });
}

const tagsByPolarity = {
  positive: reviewTags.filter((t) => t.polarity > 0),
  negative: reviewTags.filter((t) => t.polarity < 0),
};

/**
 * Tags a review mentions, with the liked flag of review_tag_links: praise tags are
 * liked, complaint tags disliked. 0–3 tags, only ones that fit the group.
 */
export function reviewTagLinks(
  rng: Rng,
  sentiment: Sentiment,
  group: string,
): { translit: string; liked: boolean }[] {
  const fits = (t: ReviewTag) => !t.groups || t.groups.includes(group as SpecialityGroup);
  const pos = tagsByPolarity.positive.filter(fits);
  const neg = tagsByPolarity.negative.filter(fits);
  const count = rng.weighted<number>([
    [0, 0.25],
    [1, 0.35],
    [2, 0.28],
    [3, 0.12],
  ]);
  let chosen: ReviewTag[];
  if (sentiment === 'positive') chosen = rng.sample(pos, count);
  else if (sentiment === 'negative') chosen = rng.sample(neg, count);
  else chosen = [...rng.sample(pos, Math.ceil(count / 2)), ...rng.sample(neg, Math.floor(count / 2))];
  return chosen.map((t) => ({ translit: t.translit, liked: t.polarity > 0 }));
}

/** A doctor's or a clinic's answer to a review. */
export function replyText(
  rng: Rng,
  kind: 'doctor' | 'clinic',
  opts: { sentiment?: Sentiment; doctorGender?: Gender } = {},
): string {
  const pool = bank.replies[kind][opts.sentiment ?? 'positive'];
  const variant = opts.doctorGender === 'M' ? 0 : 2;
  return render(rng.pick(pool), variant, '');
}

// ---------------------------------------------------------------------------
// Clinics

/**
 * 'Медицинский центр «Кордис»', 'Стоматология «Жемчужина»', 'Клиника доктора Белова'.
 * Names are invented; none is a real chain's trademark.
 */
export function clinicName(rng: Rng, kind: ClinicKind | string): string {
  const k = (kind in clinicBank.prefixes ? kind : 'clinic') as ClinicKind;
  const themed = clinicBank.names[k === 'clinic' || k === 'hospital' ? 'general' : k] ?? [];
  if ((k === 'clinic' || k === 'dentistry') && rng.chance(0.08)) {
    const prefix = k === 'dentistry' ? 'Стоматология' : 'Клиника';
    return `${prefix} доктора ${rng.pick(clinicBank.doctorSurnamesGen)}`;
  }
  // Themed names mostly, sometimes a general one ('Детская клиника «Гармония»').
  const pool = themed.length > 0 && rng.chance(0.75) ? themed : clinicBank.names.general;
  return `${rng.pick(clinicBank.prefixes[k])} «${rng.pick(pool)}»`;
}

/** A few lines for the clinic's description field. */
export function clinicDescription(rng: Rng): string {
  return rng.sample(clinicBank.descriptions, rng.int(2, 4)).join(' ');
}

/** 3–5 interview questions, each with one of its answers. */
export function clinicInterview(rng: Rng): { question: string; answer: string }[] {
  return rng
    .sample(clinicBank.interview, rng.int(3, 5))
    .map((q) => ({ question: q.question, answer: rng.pick(q.answers) }));
}

export function covidRules(rng: Rng): string[] {
  return rng.sample(clinicBank.covidRules, rng.int(3, 6));
}

export function promotion(rng: Rng): { title: string; body: string } {
  return rng.pick(clinicBank.promotions);
}

/** Equipment of the given kinds ('mrt', 'kt', 'uzi', 'xray', 'endoscopy', 'dentistry', 'eyes', …). */
export function equipmentFor(rng: Rng, kinds: readonly string[], max = 4): EquipmentItem[] {
  const pool = clinicBank.equipment.filter((e) => kinds.includes(e.kind));
  return rng.sample(pool, Math.min(max, rng.int(1, Math.max(1, max))));
}

/** Licence number in the 2022+ register format: 'Л041-01137-77/00368512'. */
export function licenceNumber(rng: Rng, town: Town | string): string {
  const t = resolveTown(town);
  const authority = String(10000 + (hashSeed('authority', t.slug) % 90000)).padStart(5, '0');
  const serial = String(rng.int(100000, 99999999)).padStart(8, '0');
  return `Л041-${authority}-${t.regionCode}/${serial}`;
}

export function licenceAuthority(town: Town | string): string {
  const t = resolveTown(town);
  return clinicBank.licenceAuthorities[t.slug] ?? clinicBank.federalLicenceAuthority;
}

// ---------------------------------------------------------------------------
// Addresses and phones

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

// ---------------------------------------------------------------------------
// Directory picks

const pickTownBySize = weightedPicker(towns.map((t) => [t, t.weight] as const));
const pickSpecialityByWeight = weightedPicker(specialities.map((s) => [s, s.weight] as const));

export function pickTown(rng: Rng): Town {
  return pickTownBySize(rng);
}

export function pickSpeciality(rng: Rng): Speciality {
  return pickSpecialityByWeight(rng);
}

/** A clinic's price for a service in a town, rounded the way price lists are (to 50 or 100 ₽). */
export function servicePrice(
  rng: Rng,
  service: Pick<Service, 'priceMin' | 'priceMax'>,
  town: Town | string,
): number {
  const t = resolveTown(town);
  const raw = rng.float(service.priceMin, service.priceMax) * t.priceFactor;
  const step = raw < 5000 ? 50 : 100;
  return Math.max(step, Math.round(raw / step) * step);
}
