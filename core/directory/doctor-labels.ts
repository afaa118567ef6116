import { plural, WORDS } from '../text/plural';

export type DoctorCategory = 'none' | 'second' | 'first' | 'highest';

/** Years of practice, counted from the career start year in the given year. */
export function experienceYears(careerStartYear: number, currentYear: number): number {
  return Math.max(0, currentYear - careerStartYear);
}

/** 'Стаж 12 лет'; a doctor in the first year has 'Стаж менее года'. */
export function experienceLabel(years: number): string {
  return years < 1 ? 'Стаж менее года' : `Стаж ${plural(years, WORDS.year)}`;
}

const CATEGORY_LABELS: Record<DoctorCategory, string | null> = {
  none: null,
  second: 'Вторая категория',
  first: 'Первая категория',
  highest: 'Высшая категория',
};

export function categoryLabel(category: DoctorCategory): string | null {
  return CATEGORY_LABELS[category];
}

/** Science degree 1 is a candidate, 2 a doctor of science; professor is a title on top. */
export function scienceLabel(degree: number, professor: boolean): string | null {
  const parts: string[] = [];
  if (degree === 1) parts.push('Кандидат медицинских наук');
  if (degree === 2) parts.push('Доктор медицинских наук');
  if (professor) parts.push('Профессор');
  return parts.length ? parts.join(', ') : null;
}

export function fullName(d: { lastName: string; firstName: string; patronymic: string | null }): string {
  return [d.lastName, d.firstName, d.patronymic].filter(Boolean).join(' ');
}

/** URL segment of a doctor or clinic page: '{id}-{slug}'. */
export function entityPath(id: number, slug: string): string {
  return `${id}-${slug}`;
}

/** Parses '{id}-{slug}'; null when the segment is not an entity path. */
export function parseEntityPath(segment: string): { id: number; slug: string } | null {
  const m = /^(\d{1,9})-([a-z0-9-]+)$/.exec(segment);
  return m ? { id: Number(m[1]), slug: m[2] } : null;
}
