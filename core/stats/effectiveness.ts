/**
 * A page's effectiveness (docs/product/cabinet.md, 'Page effectiveness'): day by day, how many
 * visitors opened the doctor's or clinic's page, went on to book from it, booked, and pressed its
 * phone number. Shown to levels from Стандарт up; a lower level sees what it would gain.
 */
import { CABINET_PAGES } from '../cabinet/pages';

export const CABINET_EFFECTIVENESS_PATH = CABINET_PAGES.effectiveness.path;

/** The periods the page offers, in days ending today (the page's town calendar). */
export const EFFECTIVENESS_PERIODS = [7, 30, 90] as const;
export type EffectivenessPeriod = (typeof EFFECTIVENESS_PERIODS)[number];
export const DEFAULT_PERIOD: EffectivenessPeriod = 30;

export const PAGE_EVENTS = ['view', 'phone', 'time'] as const;
export type PageEvent = (typeof PAGE_EVENTS)[number];

/**
 * How long one visit may count: a tab left open overnight says nothing about the page, so a visit
 * counts at most half an hour.
 */
export const MAX_VISIT_MS = 30 * 60_000;

export const METRICS = ['views', 'bookingClicks', 'bookings', 'phoneClicks'] as const;
export type Metric = (typeof METRICS)[number];

export const METRIC_LABELS: Record<Metric, string> = {
  views: 'Просмотры страницы',
  bookingClicks: 'Переходы к записи',
  bookings: 'Записи',
  phoneClicks: 'Нажатия на телефон',
};

export const METRIC_HINTS: Record<Metric, string> = {
  views: 'Посетители, открывшие страницу; каждый считается один раз в день',
  bookingClicks: 'Посетители, выбравшие время или нажавшие «Записаться» на странице',
  bookings: 'Записи на приём, сделанные на сайте, включая отменённые потом',
  phoneClicks: 'Посетители, нажавшие на номер телефона на странице',
};

export const AVERAGE_TIME_LABEL = 'Среднее время на странице';
export const AVERAGE_TIME_HINT =
  'Сколько в среднем страница была открыта у посетителя: первый визит каждого за день, не больше 30 минут';

export const EFFECTIVENESS_TEXTS = {
  title: CABINET_PAGES.effectiveness.title,
  lead: 'Сколько пациентов открыли страницу, перешли к записи, записались и позвонили.',
  period: 'Период',
  periodOption: (days: number) => `${days} дней`,
  total: 'Всего',
  day: 'День',
  chart: (metric: string, days: number) => `${metric} по дням за ${days} дней`,
  empty: 'За этот период страницу ещё не открывали.',
  locked: (version: string) => `Эффективность страницы видна в версиях от «${version}»`,
  lockedLead: 'В вашей версии этого нет. Вот что даст переход:',
  current: (version: string | null) =>
    version ? `Ваша версия: «${version}»` : 'У страницы нет платной версии',
  signIn: 'Войдите как врач или клиника',
  workOnly: 'Эффективность страницы видна врачу или клинике: войдите в рабочий аккаунт',
  noPage: 'К аккаунту не привязана страница врача или клиники',
} as const;

export function isPeriod(value: number): value is EffectivenessPeriod {
  return (EFFECTIVENESS_PERIODS as readonly number[]).includes(value);
}

export interface DayCounts {
  /** 'yyyy-MM-dd' in the page's town. */
  day: string;
  views: number;
  bookingClicks: number;
  bookings: number;
  phoneClicks: number;
  /** Visits timed (each visitor's first that day) and their time in all, ms. */
  timed: number;
  timeMs: number;
}

/** 'yyyy-MM-dd' plus n days (n may be negative), by the calendar. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/**
 * Every day of the period ending `today`, oldest first, each with its counts (zero where nothing
 * was counted): a chart must show a quiet day as a quiet day, not skip it.
 */
export function fillDays(today: string, days: number, counted: readonly Partial<DayCounts>[]): DayCounts[] {
  const byDay = new Map<string, Partial<DayCounts>>();
  for (const row of counted) {
    if (!row.day) continue;
    const seen = byDay.get(row.day) ?? {};
    byDay.set(row.day, {
      ...seen,
      ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)),
    });
  }
  const out: DayCounts[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    const row = byDay.get(day) ?? {};
    out.push({
      day,
      views: row.views ?? 0,
      bookingClicks: row.bookingClicks ?? 0,
      bookings: row.bookings ?? 0,
      phoneClicks: row.phoneClicks ?? 0,
      timed: row.timed ?? 0,
      timeMs: row.timeMs ?? 0,
    });
  }
  return out;
}

export function totals(days: readonly DayCounts[]): Record<Metric, number> {
  const out: Record<Metric, number> = { views: 0, bookingClicks: 0, bookings: 0, phoneClicks: 0 };
  for (const d of days) for (const m of METRICS) out[m] += d[m];
  return out;
}

/** The period's average time on the page, '1 мин 05 с' or '40 с', or null when no visit was timed. */
export function averageTime(days: readonly DayCounts[]): string | null {
  let timed = 0;
  let ms = 0;
  for (const d of days) {
    timed += d.timed;
    ms += d.timeMs;
  }
  if (timed === 0) return null;
  const seconds = Math.round(ms / timed / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} мин ${String(seconds % 60).padStart(2, '0')} с` : `${seconds} с`;
}

/** Presses per hundred views, one decimal ('4,2 %'), or null without views. */
export function conversion(presses: number, views: number): string | null {
  if (views <= 0) return null;
  return `${(Math.round((presses / views) * 1000) / 10).toLocaleString('ru-RU')} %`;
}
