/** Russian month names in the genitive, as a date reads: '15 декабря'. */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/**
 * '15 декабря' of a plain 'yyyy-MM-dd' day (no zone shift). Without date-fns' formatter and
 * Russian locale: a list card's 'Ближайшая запись' uses it, and those would put some 8 KB
 * gzipped into the list page's first-load scripts for a day and a month's name.
 */
export function dayLong(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS_GENITIVE[m - 1]}`;
}
