import { SOFTWARE_VERSIONS } from '../../schema/clinics';
import type { DoctorCategory, doctors } from '../../schema/doctors';
import type { Row } from '../bulk';
import type { Rng } from '../rng';
import { courseTitles, discipline, doctorAbout } from '../texts/doctor-texts';
import { diplomaSpeciality, POSTGRADUATE, UNIVERSITIES } from '../texts/universities';
import { addDays, dateOnly, yearsBefore } from './time';

export interface DoctorSpeciality {
  name: string;
  staffAppointmentType: boolean;
  group: string;
  children: boolean;
  homeVisit: boolean;
  online: boolean;
  treatments: string[];
}

export interface DoctorRowInput {
  id: number;
  townId: number;
  townSlug: string;
  regionCode: string;
  gender: 'M' | 'F';
  name: { lastName: string; firstName: string; patronymic: string | null };
  slug: string;
  speciality: DoctorSpeciality;
  now: Date;
}

/** A full doctors row: experience, degrees, education and texts consistent with the speciality. */
export function doctorRow(rng: Rng, input: DoctorRowInput): Row<typeof doctors> {
  const nowYear = input.now.getUTCFullYear();
  const careerStartYear = Math.min(careerStart(rng), nowYear - 1);
  const years = nowYear - careerStartYear;
  const category = pickCategory(rng, years);
  const degreeRoll = rng.next();
  const scienceDegree = degreeRoll < 0.04 && years >= 12 ? 2 : degreeRoll < 0.19 && years >= 5 ? 1 : 0;
  const professor = scienceDegree === 2 ? rng.chance(0.5) : scienceDegree === 1 && rng.chance(0.03);
  const spec = input.speciality;
  return {
    id: input.id,
    townId: input.townId,
    slug: input.slug,
    lastName: input.name.lastName,
    firstName: input.name.firstName,
    patronymic: input.name.patronymic,
    gender: input.gender,
    photoUrl: null,
    careerStartYear,
    category,
    scienceDegree,
    professor,
    about: doctorAbout(rng, {
      name: spec.name,
      staff: spec.staffAppointmentType,
      group: spec.group,
      children: spec.children,
      years,
      scienceDegree,
      treatments: spec.treatments,
    }),
    education: education(rng, input, careerStartYear, scienceDegree),
    courses: courses(rng, spec, careerStartYear, nowYear),
    homeVisit: spec.homeVisit && rng.chance(0.25),
    online: spec.online && rng.chance(0.35),
    children: spec.children || rng.chance(0.15),
    adults: !spec.children || rng.chance(0.05),
    softwareVersion: rng.chance(0.06) ? rng.pick(SOFTWARE_VERSIONS) : null,
    licenseNumber: `0${input.regionCode}${String(rng.int(0, 9_999_999_999)).padStart(10, '0')}`,
    ownPhone: null,
    educationConfirmed: rng.chance(0.6),
    categoryConfirmed: category !== 'none' && rng.chance(0.5),
    categoryExpiresOn: category === 'none' ? null : dateOnly(addDays(input.now, rng.int(-200, 1800))),
    scienceConfirmed: scienceDegree > 0 && rng.chance(0.6),
    minPrice: null,
    rating: 0,
    reviewsCount: 0,
    ratingWeighted: 0,
    ratingWeights: 0,
    fakeWarning: null,
    createdAt: yearsBefore(rng, input.now, 6, 9),
  };
}

/** Weighted towards 2000–2015, the bulk of practising doctors. */
function careerStart(rng: Rng): number {
  const x = rng.next();
  if (x < 0.12) return rng.int(1975, 1989);
  if (x < 0.32) return rng.int(1990, 1999);
  if (x < 0.8) return rng.int(2000, 2015);
  return rng.int(2016, 2024);
}

/** Qualification categories need 3 (second), 5 (first) and 7 (highest) years of practice. */
function pickCategory(rng: Rng, years: number): DoctorCategory {
  const x = rng.next();
  const highest = years >= 7 ? Math.min(0.6, years / 35) : 0;
  const first = years >= 5 ? 0.2 : 0;
  const second = years >= 3 ? 0.12 : 0;
  if (x < highest) return 'highest';
  if (x < highest + first) return 'first';
  if (x < highest + first + second) return 'second';
  return 'none';
}

function education(
  rng: Rng,
  input: DoctorRowInput,
  start: number,
  degree: number,
): { year: number; institution: string; speciality: string }[] {
  const local = UNIVERSITIES[input.townSlug] ?? UNIVERSITIES.moskva;
  const university = rng.chance(0.85)
    ? rng.pick(local)
    : rng.pick([...UNIVERSITIES.moskva, ...UNIVERSITIES.spb]);
  const spec = input.speciality;
  if (spec.staffAppointmentType) {
    // Psychologists, speech therapists, masseurs: a diploma in their field, no residency.
    const college = /Массажист|Подолог|гигиенист/.test(spec.name);
    return [
      {
        year: start - 1,
        institution: college ? 'Базовый медицинский колледж' : university,
        speciality: staffDiploma(spec.name),
      },
    ];
  }
  const out = [
    { year: start - 2, institution: university, speciality: diplomaSpeciality(spec.group, spec.children) },
  ];
  if (rng.chance(0.85)) {
    out.push({
      year: start,
      institution: rng.chance(0.8) ? university : rng.pick(POSTGRADUATE),
      speciality: `Ординатура: ${discipline(spec.name).toLowerCase()}`,
    });
  }
  if (degree > 0) {
    out.push({
      year: start + rng.int(3, 8),
      institution: university,
      speciality: `Аспирантура: ${discipline(spec.name).toLowerCase()}`,
    });
  }
  return out;
}

function staffDiploma(name: string): string {
  if (/сихолог/.test(name)) return 'Клиническая психология';
  if (/Логопед|Дефектолог/.test(name)) return 'Специальное (дефектологическое) образование';
  if (/гигиенист/.test(name)) return 'Стоматология профилактическая';
  return 'Сестринское дело';
}

function courses(
  rng: Rng,
  spec: DoctorSpeciality,
  start: number,
  nowYear: number,
): { year: number; title: string }[] {
  const titles = courseTitles(rng, discipline(spec.name), spec.treatments, rng.int(0, 4));
  return titles
    .map((title) => ({ year: rng.int(Math.min(start + 1, nowYear), nowYear), title }))
    .sort((a, b) => b.year - a.year);
}

/** Female share by speciality group; a few specialities are set apart. */
const FEMALE_SHARE: Record<string, number> = {
  therapy: 0.72,
  surgery: 0.25,
  dentistry: 0.5,
  psy: 0.72,
  rehab: 0.45,
  women: 0.9,
  skin: 0.75,
  neuro: 0.65,
  children: 0.88,
  diagnostics: 0.62,
  ent: 0.55,
  eyes: 0.7,
  other: 0.5,
};
const FEMALE_BY_SLUG: Record<string, number> = {
  urolog: 0.05,
  androlog: 0.03,
  'detskiy-urolog': 0.1,
  mammolog: 0.55,
  kosmetolog: 0.95,
  ginekolog: 0.9,
  neyrokhirurg: 0.08,
  kardiokhirurg: 0.08,
};

export function doctorGender(rng: Rng, slug: string, group: string): 'M' | 'F' {
  return rng.chance(FEMALE_BY_SLUG[slug] ?? FEMALE_SHARE[group] ?? 0.6) ? 'F' : 'M';
}
