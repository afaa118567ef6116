/**
 * The doctor's profile as edited in the cabinet and moderated by staff (docs/product/cabinet.md,
 * 'The doctor's profile'; ADR 018): the fields, their limits and texts, and what changed. A
 * change never goes public at once: it waits as one pending change per doctor until staff
 * approve or reject it.
 */
import { CABINET_PAGES, STAFF_PAGES } from '../cabinet/pages';
import { categoryLabel, type DoctorCategory } from '../directory/doctor-labels';
import { formatPhone } from '../phone/format';

export const CABINET_PROFILE_PATH = CABINET_PAGES.profile.path;
export const STAFF_PROFILES_PATH = STAFF_PAGES.profiles.path;

export const DOCTOR_CATEGORY_CHOICES = [
  'none',
  'second',
  'first',
  'highest',
] as const satisfies readonly DoctorCategory[];

export const PROFILE_LIMITS = {
  aboutMax: 4000,
  educationMax: 20,
  coursesMax: 50,
  textMax: 300,
  licenseMax: 60,
  yearMin: 1950,
  yearMax: 2100,
  /** The photo as uploaded. */
  photoBytes: 10 * 1024 * 1024,
  /** The stored photo fits this box (no upscaling), re-encoded as WebP. */
  photoWidth: 600,
  photoHeight: 800,
  /** The shortest side a photo may have: a face must be recognisable. */
  photoMinSide: 100,
} as const;

export const PROFILE_TEXTS = {
  title: CABINET_PAGES.profile.title,
  ownPhoneHint: 'Мобильный или городской номер: пациенты увидят его на вашей странице.',
  ownPhoneBad: 'Укажите российский номер телефона, например +7 900 123-45-67',
  ownPhoneLocked: (version: string) => `Свой телефон на странице публикуют врачи с версией «${version}»`,
  lead: 'Изменения появятся на вашей странице после проверки модератором, обычно в течение рабочего дня.',
  signIn: 'Войдите как врач или клиника',
  doctorsOnly: 'Профиль врача меняет сам врач или его клиника',
  noDoctor: 'Нет такого врача в клинике',
  pickDoctor: 'Выберите врача',
  pending: 'На модерации',
  pendingLead: 'Эти изменения ждут проверки:',
  rejected: 'Отклонено',
  approved: 'Одобрено',
  withdraw: 'Отозвать изменения',
  withdrawn: 'Изменения отозваны',
  nothingChanged: 'Вы ничего не изменили',
  submitted: 'Изменения отправлены на модерацию',
  save: 'Отправить на модерацию',
  photo: 'Фотография',
  photoUpload: 'Загрузить фотографию',
  photoUploaded: 'Фотография отправлена на модерацию',
  photoHint: 'JPEG, PNG или WebP до 10 МБ. Лицо крупно, светлый фон.',
  photoType: 'Загрузите фотографию в формате JPEG, PNG или WebP',
  photoSize: 'Фотография больше 10 МБ: уменьшите её и загрузите снова',
  photoSmall: 'Фотография слишком маленькая: нужна хотя бы 100 × 100 точек',
  photoMissing: 'Выберите файл с фотографией',
  futureYear: 'Год не может быть позже текущего',
  staffTitle: 'Модерация профилей врачей',
  staffOnly: 'Раздел только для модераторов',
  approve: 'Одобрить',
  reject: 'Отклонить',
  reasonNeeded: 'Укажите причину отказа',
  notFound: 'Изменение не найдено',
  alreadyDecided: 'Это изменение уже рассмотрено',
  queueEmpty: 'Очередь пуста: все изменения проверены.',
  historyEmpty: 'Решений пока нет.',
} as const;

export const PROFILE_FIELDS = [
  'photo',
  'about',
  'education',
  'courses',
  'careerStartYear',
  'category',
  'categoryExpiresOn',
  'licenseNumber',
  'ownPhone',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  photo: 'Фотография',
  about: 'О враче',
  education: 'Образование',
  courses: 'Курсы повышения квалификации',
  careerStartYear: 'Год начала практики',
  category: 'Категория',
  categoryExpiresOn: 'Категория действует до',
  licenseNumber: 'Номер лицензии или сертификата',
  ownPhone: 'Телефон для записи к врачу',
};

export interface EducationItem {
  year: number;
  institution: string;
  speciality: string;
}
export interface CourseItem {
  year: number;
  title: string;
}

/** The profile's public values, as the doctor row holds them (`photo`: the photo's URL or null). */
export interface ProfileValues {
  photo: string | null;
  about: string;
  education: EducationItem[];
  courses: CourseItem[];
  careerStartYear: number;
  category: DoctorCategory;
  categoryExpiresOn: string | null;
  licenseNumber: string | null;
  /** Shown on the page only while the doctor's version is Ультима (core/directory/software-version.ts). */
  ownPhone: string | null;
}

/** What a change holds: only the fields it changes (`photo`: the new photo's content hash). */
export type ProfilePayload = Partial<ProfileValues>;

export const categoryChoiceLabel = (c: DoctorCategory) => categoryLabel(c) ?? 'Без категории';

/** JSON with every object's keys sorted (PostgreSQL's jsonb keeps its own key order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The form's fields that differ from the public ones (the photo is not a form field). */
export function changedFields(current: ProfileValues, form: Omit<ProfileValues, 'photo'>): ProfilePayload {
  const changed: ProfilePayload = {};
  for (const field of PROFILE_FIELDS) {
    if (field === 'photo') continue;
    if (!same(current[field], form[field])) Object.assign(changed, { [field]: form[field] });
  }
  return changed;
}

/** The public values with a pending change laid over (what the form opens with). */
export function withPending(current: ProfileValues, payload: ProfilePayload | null): ProfileValues {
  return { ...current, ...(payload ?? {}) };
}

/** One field's value as a line for people ('—' for nothing). */
export function describeValue(field: ProfileField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'photo':
      return 'фотография';
    case 'education': {
      const items = value as EducationItem[];
      return items.length === 0
        ? '—'
        : items.map((e) => [e.year, e.institution, e.speciality].filter(Boolean).join(', ')).join('; ');
    }
    case 'courses': {
      const items = value as CourseItem[];
      return items.length === 0 ? '—' : items.map((c) => `${c.year}, ${c.title}`).join('; ');
    }
    case 'category':
      return categoryChoiceLabel(value as DoctorCategory);
    case 'ownPhone':
      return formatPhone(String(value));
    case 'categoryExpiresOn': {
      const [y, m, d] = String(value).split('-');
      return `${d}.${m}.${y}`;
    }
    default:
      return String(value);
  }
}

/** The fields a payload changes, in the form's order. */
export function payloadFields(payload: ProfilePayload): ProfileField[] {
  return PROFILE_FIELDS.filter((f) => f in payload);
}
