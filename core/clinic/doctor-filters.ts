/**
 * Filters of the clinic doctors page. They live in the URL hash
 * as speciality={id}, staj={years}, gender=M|F, na_dom=true (plus page={n} past page 1), so
 * back and forward restore them and a link can carry them.
 */
import type { ClinicDoctorsQuery } from './contracts';
import { foldCase } from './price-list';

export const CLINIC_DOCTORS_PAGE_SIZE = 20;

export const DOCTOR_GENDERS = ['M', 'F'] as const;
export type DoctorGender = (typeof DOCTOR_GENDERS)[number];

export const GENDER_LABELS: Record<DoctorGender, string> = { M: 'Мужчина', F: 'Женщина' };

/** The experience filter's options {name, value}; null is any experience. */
export const EXPERIENCE_OPTIONS = [
  { name: 'Любой', value: null },
  { name: 'от 5 лет', value: 5 },
  { name: 'от 15 лет', value: 15 },
] as const;

export interface DoctorFilters {
  speciality: number | null;
  /** Minimum years of experience. */
  staj: number | null;
  gender: DoctorGender | null;
  naDom: boolean;
  page: number;
}

export const NO_DOCTOR_FILTERS: DoctorFilters = {
  speciality: null,
  staj: null,
  gender: null,
  naDom: false,
  page: 1,
};

const positiveInt = (raw: string | null, max: number): number | null =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : null;

/** Reads the hash; a value that makes no sense (a hand-edited URL) is ignored, not an error. */
export function parseDoctorFilters(params: URLSearchParams): DoctorFilters {
  const gender = params.get('gender');
  return {
    speciality: positiveInt(params.get('speciality'), 999_999_999),
    staj: positiveInt(params.get('staj'), 70),
    gender: gender === 'M' || gender === 'F' ? gender : null,
    naDom: params.get('na_dom') === 'true',
    page: positiveInt(params.get('page'), 99_999) ?? 1,
  };
}

/** The hash for filters, in a fixed key order; page 1 and unset filters are left out. */
export function doctorFiltersToParams(f: DoctorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.speciality !== null) params.set('speciality', String(f.speciality));
  if (f.staj !== null) params.set('staj', String(f.staj));
  if (f.gender) params.set('gender', f.gender);
  if (f.naDom) params.set('na_dom', 'true');
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/** True when any filter (not just the page) narrows the list. */
export function hasDoctorFilters(f: DoctorFilters): boolean {
  return f.speciality !== null || f.staj !== null || f.gender !== null || f.naDom;
}

/** A filter change starts again from page 1. */
export function withFilter(f: DoctorFilters, change: Partial<Omit<DoctorFilters, 'page'>>): DoctorFilters {
  return { ...f, ...change, page: 1 };
}

/** The gender switch turns off when the selected value is clicked again. */
export function toggleGender(current: DoctorGender | null, clicked: DoctorGender): DoctorGender | null {
  return current === clicked ? null : clicked;
}

/**
 * The doctors call's query for filters, with the hash's own keys. Staff on desktop see every
 * matching card on one page (`show_all`, honoured by the server for staff only).
 */
export function clinicDoctorsQuery(f: DoctorFilters, staffView = false): ClinicDoctorsQuery {
  const query: ClinicDoctorsQuery = {};
  if (f.speciality !== null) query.speciality = f.speciality;
  if (f.staj !== null) query.staj = f.staj;
  if (f.gender) query.gender = f.gender;
  if (f.naDom) query.na_dom = 'true';
  const showAll = staffView && (hasDoctorFilters(f) || f.page > 1);
  if (f.page > 1 && !showAll) query.page = f.page;
  if (showAll) query.show_all = 'true';
  return query;
}

/** The filter search is a case-insensitive substring match on name. */
export function filterByName<T extends { name: string }>(items: readonly T[], typed: string): T[] {
  const q = foldCase(typed.trim());
  return q ? items.filter((item) => foldCase(item.name).includes(q)) : [...items];
}
