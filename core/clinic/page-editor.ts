/**
 * The rules of the clinic page as its account edits it in the cabinet (docs/product/cabinet.md,
 * 'The clinic page'): the description, phones and website, the weekly and holiday hours, and the
 * promotions. Pure: today is an argument (the clinic's town day).
 */
import {
  lowestVersionWith,
  SOFTWARE_VERSION_LABELS,
  type SoftwareVersion,
  softwareBenefits,
  softwareRights,
} from '../directory/software-version';
import { addDays } from '../schedule/free-slots';

export const CLINIC_PAGE_LIMITS = {
  descriptionMax: 5000,
  phonesMin: 1,
  phonesMax: 5,
  websiteMax: 300,
  /** Upcoming holiday days a clinic may list. */
  holidaysMax: 60,
  /** How far ahead a holiday day may be. */
  holidayDaysAhead: 400,
  titleMax: 120,
  bodyMax: 2000,
  /** Current and upcoming promotions at once. */
  promotionsMax: 20,
  /** Ended promotions the cabinet lists (the latest). */
  endedShown: 20,
  /** 'Правила посещения': lines, and characters per line. */
  rulesMax: 10,
  ruleMax: 300,
} as const;

export const CLINIC_PAGE_TEXTS = {
  aboutTitle: 'О клинике',
  aboutLead: 'Описание, телефоны и сайт видят пациенты на странице клиники.',
  description: 'Описание',
  descriptionTooLong: `Описание — не больше ${CLINIC_PAGE_LIMITS.descriptionMax} символов`,
  phones: 'Телефоны',
  phone: 'Телефон',
  phoneInvalid: 'Укажите российский номер: +7 и 10 цифр',
  phonesNone: 'Укажите хотя бы один телефон',
  phonesTooMany: `Не больше ${CLINIC_PAGE_LIMITS.phonesMax} телефонов`,
  addPhone: 'Добавить телефон',
  removePhone: 'Убрать телефон',
  website: 'Сайт',
  websiteInvalid: 'Укажите адрес сайта, начиная с http:// или https://',
  hoursTitle: 'Режим работы',
  hoursLead: 'Часы работы по дням недели. Пациенты видят их на странице клиники.',
  closed: 'Выходной',
  opens: 'Открывается',
  closes: 'Закрывается',
  timeInvalid: 'Время — в виде ЧЧ:ММ, например 09:00',
  closesBeforeOpens: 'Время закрытия должно быть позже времени открытия',
  weekInvalid: 'Укажите часы для каждого дня недели',
  holidaysTitle: 'График работы в праздники',
  holidaysLead: 'Дни, когда клиника работает не как обычно: сокращённый день или выходной.',
  holidaysNone: 'Особых дней пока нет.',
  holidayDate: 'Дата',
  holidayClosed: 'Клиника не работает',
  addHoliday: 'Добавить день',
  removeHoliday: 'Убрать',
  holidayAdded: 'День добавлен',
  holidayRemoved: 'День убран',
  holidayPast: 'Выберите сегодняшний или будущий день',
  holidayTooFar: 'Выберите день не дальше чем через год',
  holidaysTooMany: `Не больше ${CLINIC_PAGE_LIMITS.holidaysMax} особых дней`,
  holidayNotFound: 'Такого дня в графике нет',
  dateInvalid: 'Укажите дату',
  promotionsTitle: 'Акции',
  promotionsLead: 'Акции видны на странице клиники до дня окончания; завершённые уходят в «Архивные акции».',
  promotionsNone: 'Действующих акций нет.',
  endedTitle: 'Завершённые акции',
  title: 'Название',
  titleMissing: 'Укажите название акции',
  titleTooLong: `Название — не больше ${CLINIC_PAGE_LIMITS.titleMax} символов`,
  body: 'Условия',
  bodyMissing: 'Опишите условия акции',
  bodyTooLong: `Условия — не больше ${CLINIC_PAGE_LIMITS.bodyMax} символов`,
  startsOn: 'Начало',
  endsOn: 'Окончание',
  endsOnHint: 'Без даты окончания акция идёт, пока вы её не завершите.',
  endsBeforeStarts: 'Акция не может закончиться раньше, чем начнётся',
  endsInPast: 'Дата окончания уже прошла',
  promotionsTooMany: `Не больше ${CLINIC_PAGE_LIMITS.promotionsMax} действующих акций`,
  promotionNotFound: 'Такой акции нет',
  promotionEnded: 'Акция уже завершена',
  addPromotion: 'Добавить акцию',
  editPromotion: 'Изменить',
  endPromotion: 'Завершить',
  promotionAdded: 'Акция добавлена',
  promotionSaved: 'Акция сохранена',
  promotionEndedNow: 'Акция завершена и перенесена в архив',
  cancel: 'Отмена',
  upcoming: 'Начнётся',
  until: 'до',
  noEnd: 'Без даты окончания',
  save: 'Сохранить',
  saved: 'Сохранено',
  loading: 'Загрузка…',
  bodyInvalid: 'Проверьте заполнение формы',
  rulesTitle: 'Правила посещения',
  rulesLead:
    'Что пациенту нужно знать перед визитом: каждое правило — с новой строки. Пустой список убирает раздел со страницы.',
  rulesTooMany: `Не больше ${CLINIC_PAGE_LIMITS.rulesMax} правил`,
  ruleTooLong: `Каждое правило — не больше ${CLINIC_PAGE_LIMITS.ruleMax} символов`,
} as const;

/** The promotions text and what the next level gives, for a clinic below it. */
export function promotionsUpgradeText(version: SoftwareVersion): string {
  return `Акции публикуют клиники с версией от «${SOFTWARE_VERSION_LABELS[version]}»`;
}

/**
 * Whether a clinic on `version` may post promotions, and if not, the lowest level that may and
 * what it would gain there (the rights table of core/directory/software-version.ts).
 */
export function promotionsAccess(
  version: SoftwareVersion | null,
):
  | { available: true; upgrade: null }
  | { available: false; upgrade: { version: SoftwareVersion; gains: string[] } } {
  if (softwareRights(version, 'clinic').promotions) return { available: true, upgrade: null };
  const next = lowestVersionWith('promotions', 'clinic') as SoftwareVersion;
  const have = new Set(softwareBenefits(version ?? 'LIGHT', 'clinic'));
  return {
    available: false,
    upgrade: { version: next, gains: softwareBenefits(next, 'clinic').filter((b) => !have.has(b)) },
  };
}

/**
 * A Russian phone as `clinics.phones` keeps it: '7' and ten digits ('74951234567'). Accepts
 * '+7 (495) 123-45-67', '8 495 123 45 67' and ten digits alone; null for anything else (a
 * Russian number's area code starts with 3, 4, 8 or 9).
 */
export function normaliseClinicPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const full =
    digits.length === 11 && (digits[0] === '7' || digits[0] === '8')
      ? `7${digits.slice(1)}`
      : digits.length === 10 && !trimmed.startsWith('+')
        ? `7${digits}`
        : null;
  return full && /^7[3489]\d{9}$/.test(full) ? full : null;
}

/** A website as stored: '' (none) or an http(s) URL; null when it is neither. */
export function normaliseWebsite(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  if (trimmed.length > CLINIC_PAGE_LIMITS.websiteMax || /\s/.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    // 'https://good.ru@evil.ru' reads as one site and leads to another.
    if (url.username || url.password) return null;
    return trimmed;
  } catch {
    return null;
  }
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with a day's hours, or null: both empty (closed), or 'HH:mm' with closes later ('24:00' closes at midnight). */
export function dayHoursError(day: { opens: string | null; closes: string | null }): string | null {
  if (day.opens === null && day.closes === null) return null;
  if (day.opens === null || day.closes === null) return CLINIC_PAGE_TEXTS.timeInvalid;
  if (!HH_MM.test(day.opens) || !(HH_MM.test(day.closes) || day.closes === '24:00')) {
    return CLINIC_PAGE_TEXTS.timeInvalid;
  }
  return day.closes > day.opens ? null : CLINIC_PAGE_TEXTS.closesBeforeOpens;
}

/** What is wrong with a holiday day's date in the clinic's `today`, or null. */
export function holidayDateError(date: string, today: string): string | null {
  if (date < today) return CLINIC_PAGE_TEXTS.holidayPast;
  if (date > addDays(today, CLINIC_PAGE_LIMITS.holidayDaysAhead)) return CLINIC_PAGE_TEXTS.holidayTooFar;
  return null;
}

/**
 * Whether a promotion has ended: its last day is before the clinic's today. The clinic page
 * (current ones) and 'Архивные акции' (ended ones) split by the same rule (server/modules/clinic/repo.ts).
 */
export function promotionEnded(endsOn: string | null, today: string): boolean {
  return endsOn !== null && endsOn < today;
}

/** What is wrong with a promotion's dates when it is saved, or null: it may not end before it starts nor in the past. */
export function promotionDatesError(
  p: { startsOn: string; endsOn: string | null },
  today: string,
): string | null {
  if (p.endsOn === null) return null;
  if (p.endsOn < p.startsOn) return CLINIC_PAGE_TEXTS.endsBeforeStarts;
  if (p.endsOn < today) return CLINIC_PAGE_TEXTS.endsInPast;
  return null;
}

/**
 * 'Завершить': the promotion's last day becomes yesterday, so that it is in the archive at once;
 * one that had not started yet is marked as starting then too (never ending before it starts).
 */
export function endedNow(startsOn: string, today: string): { startsOn: string; endsOn: string } {
  const yesterday = addDays(today, -1);
  return { startsOn: startsOn < yesterday ? startsOn : yesterday, endsOn: yesterday };
}

/** 'Правила посещения' as typed, one a line: trimmed, empty lines dropped, each once. */
export function visitingRules(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
