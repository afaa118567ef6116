/**
 * schema.org pieces shared by the pages' JSON-LD. Pure: the town's time zone is an argument.
 */

const SCHEMA = 'https://schema.org/';

/**
 * Our specialities (by translit) as values of schema.org's MedicalSpecialty enumeration. Only
 * where one plainly fits: a speciality without an entry (allergology, ophthalmology, cosmetology,
 * psychology…) carries no medicalSpecialty rather than a wrong one.
 */
const SPECIALTIES: Record<string, string[]> = {
  terapevt: ['PrimaryCare'],
  stomatolog: ['Dentistry'],
  'detskiy-stomatolog': ['Dentistry', 'Pediatric'],
  'stomatolog-ortoped': ['Dentistry'],
  'stomatolog-khirurg': ['Dentistry'],
  'stomatolog-gigienist': ['Dentistry'],
  ortodont: ['Dentistry'],
  implantolog: ['Dentistry'],
  parodontolog: ['Dentistry'],
  ginekolog: ['Gynecologic'],
  'detskiy-ginekolog': ['Gynecologic', 'Pediatric'],
  'ginekolog-endokrinolog': ['Gynecologic', 'Endocrine'],
  onkoginekolog: ['Oncologic', 'Gynecologic'],
  nevrolog: ['Neurologic'],
  'detskiy-nevrolog': ['Neurologic', 'Pediatric'],
  epileptolog: ['Neurologic'],
  lor: ['Otolaryngologic'],
  'detskiy-lor': ['Otolaryngologic', 'Pediatric'],
  urolog: ['Urologic'],
  'detskiy-urolog': ['Urologic', 'Pediatric'],
  khirurg: ['Surgical'],
  'detskiy-khirurg': ['Surgical', 'Pediatric'],
  'sosudistiy-khirurg': ['Surgical'],
  neyrokhirurg: ['Surgical'],
  kardiokhirurg: ['Surgical'],
  'plasticheskiy-khirurg': ['PlasticSurgery'],
  dermatolog: ['Dermatology'],
  'detskiy-dermatolog': ['Dermatology', 'Pediatric'],
  endokrinolog: ['Endocrine'],
  'detskiy-endokrinolog': ['Endocrine', 'Pediatric'],
  kardiolog: ['Cardiovascular'],
  'detskiy-kardiolog': ['Cardiovascular', 'Pediatric'],
  aritmolog: ['Cardiovascular'],
  gastroenterolog: ['Gastroenterologic'],
  'detskiy-gastroenterolog': ['Gastroenterologic', 'Pediatric'],
  gepatolog: ['Gastroenterologic'],
  pediatr: ['Pediatric'],
  neonatolog: ['Pediatric'],
  travmatolog: ['Musculoskeletal'],
  ortoped: ['Musculoskeletal'],
  'detskiy-ortoped': ['Musculoskeletal', 'Pediatric'],
  'detskiy-travmatolog': ['Musculoskeletal', 'Pediatric'],
  psikhiatr: ['Psychiatric'],
  'detskiy-psikhiatr': ['Psychiatric', 'Pediatric'],
  psikhoterapevt: ['Psychiatric'],
  narkolog: ['Psychiatric'],
  onkolog: ['Oncologic'],
  revmatolog: ['Rheumatologic'],
  pulmonolog: ['Pulmonary'],
  nefrolog: ['Renal'],
  gematolog: ['Hematologic'],
  infektsionist: ['Infectious'],
  dietolog: ['DietNutrition'],
  fizioterapevt: ['Physiotherapy'],
  'vrach-lfk': ['Physiotherapy'],
  logoped: ['SpeechPathology'],
  geriatr: ['Geriatric'],
  genetik: ['Genetic'],
  anesteziolog: ['Anesthesia'],
  rentgenolog: ['Radiography'],
  podolog: ['Podiatric'],
};

/** The MedicalSpecialty URLs of a doctor's specialities, each once; empty when none fits. */
export function medicalSpecialties(translits: string[]): string[] {
  const values = new Set(translits.flatMap((t) => SPECIALTIES[t] ?? []));
  return [...values].map((v) => `${SCHEMA}${v}`);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant's calendar date in a time zone, 'YYYY-MM-DD'. The formatter is kept per zone: making
 * one costs more than a hundred uses, and a page's reviews are dated in its browser too.
 */
export function localDate(iso: string, tz: string): string {
  let format = dayFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(tz, format);
  }
  return format.format(new Date(iso));
}

export interface ReviewForLd {
  authorName: string;
  /** ISO instant. */
  createdAt: string;
  text: string;
  /** The review's own score on the 0–5 scale, when it rated anything. */
  stars?: number | null;
}

/** schema.org Review objects; the date is the day in the town's zone, the rating only when given. */
export function reviewsLd(reviews: ReviewForLd[], tz: string) {
  return reviews.map((r) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: r.authorName },
    datePublished: localDate(r.createdAt, tz),
    reviewBody: r.text,
    ...(r.stars != null
      ? { reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 0 } }
      : {}),
  }));
}

/** schema.org AggregateRating for a 0–5 rating; none without reviews. */
export function aggregateRatingLd(rating: number, reviewCount: number) {
  return reviewCount > 0 && rating > 0
    ? {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: rating,
          bestRating: 5,
          worstRating: 0,
          reviewCount,
        },
      }
    : {};
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * A clinic's week as schema.org OpeningHoursSpecification (weekday 1 = Monday … 7 = Sunday);
 * closed days are left out, days with the same hours share one entry, '24:00' closes at
 * '23:59' (schema.org's closing time is a time of day).
 */
export function openingHoursLd(hours: { weekday: number; opens: string | null; closes: string | null }[]) {
  const groups = new Map<string, string[]>();
  for (const day of [...hours].sort((a, b) => a.weekday - b.weekday)) {
    const name = DAYS[day.weekday - 1];
    if (!name || !day.opens || !day.closes) continue;
    const opens = day.opens.slice(0, 5);
    const closes = day.closes.slice(0, 5) === '24:00' ? '23:59' : day.closes.slice(0, 5);
    const key = `${opens}-${closes}`;
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups].map(([key, days]) => {
    const [opens, closes] = key.split('-');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes };
  });
}
