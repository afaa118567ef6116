import type { CabinetProfile, ProfileSubmitBody } from '../../../core/doctor/profile-contracts';
import type { CourseItem, EducationItem } from '../../../core/doctor/profile-edit';
import { formatPhone } from '../../../core/phone/format';

type Values = CabinetProfile['form'];

/** A row as typed: the year stays text until sent. */
export type Row<T> = Omit<T, 'year'> & { year: string; key: number };

/** Keys of the rows while the page is open (never rendered into the document). */
let rowKeys = 0;
export const rowKey = () => rowKeys++;

const rows = <T extends { year: number }>(items: T[]): Row<T>[] =>
  items.map((x) => ({ ...x, year: String(x.year), key: rowKey() }));

/** The profile's fields as the form holds them: numbers, dates and the phone as typed. */
export interface ProfileDraft {
  about: string;
  education: Row<EducationItem>[];
  courses: Row<CourseItem>[];
  careerStartYear: string;
  category: Values['category'];
  categoryExpiresOn: string;
  licenseNumber: string;
  ownPhone: string;
}

export function draftOf(form: Values): ProfileDraft {
  return {
    about: form.about,
    education: rows(form.education),
    courses: rows(form.courses),
    careerStartYear: String(form.careerStartYear),
    category: form.category,
    categoryExpiresOn: form.categoryExpiresOn ?? '',
    licenseNumber: form.licenseNumber ?? '',
    ownPhone: form.ownPhone ? formatPhone(form.ownPhone) : '',
  };
}

/** What is sent for moderation; a clinic names its doctor. */
export function bodyOf(d: ProfileDraft, doctorId: number | undefined): ProfileSubmitBody {
  return {
    doctor_id: doctorId,
    about: d.about,
    education: d.education.map(({ key: _key, ...e }) => ({ ...e, year: Number(e.year) })),
    courses: d.courses.map(({ key: _key, ...c }) => ({ ...c, year: Number(c.year) })),
    careerStartYear: Number(d.careerStartYear),
    category: d.category,
    categoryExpiresOn: d.categoryExpiresOn || null,
    licenseNumber: d.licenseNumber || null,
    ownPhone: d.ownPhone || null,
  };
}
