/**
 * The clinic's price list as its account keeps it in the cabinet ('Цены и услуги',
 * docs/product/cabinet.md): the limits of a line, the texts, and the fingerprint that tells a
 * stale edit from a fresh one. Money is whole roubles.
 */

import { CABINET_PAGES } from './pages';

/** The cabinet's page where a clinic keeps its price list and its club participation. */
export const CABINET_PRICES_PATH = CABINET_PAGES.prices.path;

export const PRICE_LIMITS = {
  nameMin: 2,
  nameMax: 200,
  durationMin: 5,
  durationMax: 480,
  priceMax: 10_000_000,
  discountMax: 90,
  /** Canonical services offered by one search of 'Добавить услугу'. */
  synonymsShown: 20,
  /** The search needs this many letters. */
  synonymQueryMin: 2,
} as const;

export const PRICE_TEXTS = {
  title: CABINET_PAGES.prices.title,
  lead: 'Пациенты видят эти цены на странице клиники. После сохранения там появится «Обновлено клиникой» с сегодняшней датой.',
  signIn: 'Войдите как клиника',
  clinicOnly: 'Цены меняет клиника: войдите как клиника',
  empty: 'В прайс-листе пока нет услуг. Добавьте первую.',
  loadFailed: 'Не удалось загрузить цены. Обновите страницу.',
  notFound: 'Услуга не найдена',
  stale: 'Цены изменились, обновите страницу',
  visitsBooked:
    'На эту услугу записаны пациенты. Отмените их записи в «Записях пациентов» или выключите «Запись онлайн».',
  hasHistory:
    'По этой услуге уже были записи: её нельзя удалить, чтобы не потерять их историю. Выключите «Запись онлайн», если услуга больше не оказывается.',
  nameRequired: 'Укажите название',
  nameLength: 'Название — от 2 до 200 символов',
  duration: 'Длительность — целое число минут от 5 до 480',
  price: 'Цена — целое число рублей от 0 до 10 000 000',
  clubPrice: 'Клубная цена — целое число рублей от 0 до 10 000 000 или пусто',
  clubAboveFull: 'Клубная цена не может быть больше полной',
  flag: 'Отметьте да или нет',
  synonym: 'Выберите услугу из списка',
  synonymMissing: 'Такой услуги нет в справочнике',
  discount: 'Скидка — целое число от 0 до 90 %',
  version: 'Обновите страницу',
  saved: 'Сохранено',
  added: 'Услуга добавлена',
  removed: 'Услуга удалена',
  clubSaved: 'Участие в клубе сохранено',
  clubTitle: 'Клуб ПроДокторов',
  clubSwitch: 'Участвовать в клубе',
  clubDiscount: 'Скидка на услуги, %',
  clubLead:
    'Клубные цены показываются пациентам, только пока клиника участвует в клубе. Клубную цену можно указать заранее: она появится, когда клиника включит участие.',
  clubOff: 'Клиника не участвует в клубе: клубные цены пациенты не видят.',
  add: 'Добавить услугу',
  edit: 'Изменить',
  remove: 'Удалить',
  save: 'Сохранить',
  cancel: 'Отмена',
  removeConfirm: 'Удалить услугу из прайс-листа?',
  service: 'Услуга из справочника',
  servicePlaceholder: 'Начните вводить: МРТ, приём терапевта…',
  serviceNone: 'Ничего не нашлось',
  name: 'Название в прайс-листе',
  durationLabel: 'Длительность, мин',
  priceFull: 'Полная цена, ₽',
  priceClub: 'Клубная цена, ₽',
  noClubPrice: 'нет',
  doctor: 'Врач',
} as const;

/** The yes/no properties of a line, in the order the editor shows them, with their labels. */
export const PRICE_FLAGS = [
  { key: 'appointmentOn', field: 'appointment_on', label: 'Запись онлайн' },
  { key: 'hasIntervals', field: 'has_intervals', label: 'Запись по интервалам' },
  { key: 'isAvailableAppointmentDirect', field: 'is_available_appointment_direct', label: 'Прямая запись' },
  {
    key: 'requiresPrimaryConsultation',
    field: 'requires_primary_consultation',
    label: 'Нужна первичная консультация',
  },
] as const;

export type PriceFlagKey = (typeof PRICE_FLAGS)[number]['key'];

/** What a line is made of, as the fingerprint reads it. */
export interface PriceLineState {
  name: string;
  durationMinutes: number;
  priceFull: number;
  priceClub: number | null;
  requiresPrimaryConsultation: boolean;
  appointmentOn: boolean;
  hasIntervals: boolean;
  isAvailableAppointmentDirect: boolean;
}

/**
 * A short fingerprint of a line's editable fields (FNV-1a, 32 bits, hex). The editor sends back
 * the one it was shown; the server compares it with the row's, locked: another save in between
 * changed it, and the edit is refused as stale instead of overwriting that save.
 */
export function priceLineVersion(line: PriceLineState): string {
  const text = JSON.stringify([
    line.name,
    line.durationMinutes,
    line.priceFull,
    line.priceClub,
    line.requiresPrimaryConsultation,
    line.appointmentOn,
    line.hasIntervals,
    line.isAvailableAppointmentDirect,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Why a club price cannot stand beside a full price, or null when it can (none at all is fine). */
export function clubPriceRefusal(full: number, club: number | null): string | null {
  if (club === null) return null;
  return club > full ? PRICE_TEXTS.clubAboveFull : null;
}

/** The club price the discount gives (rounded down to whole roubles): a hint beside the field. */
export function clubPriceByDiscount(full: number, discountPercent: number): number {
  return Math.floor((full * (100 - discountPercent)) / 100);
}

/** '30 мин', '1 ч', '1 ч 30 мин'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} мин`;
  return m === 0 ? `${h} ч` : `${h} ч ${m} мин`;
}
