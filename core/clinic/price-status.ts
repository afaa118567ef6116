export type PriceStatusTone = 'success' | 'neutral' | 'warning' | 'error';

/**
 * The price update status: 0 'Обновлено {date}', 1 'Обновлено клиникой {date}',
 * 2 '… Цены могли устареть', 3 '… Цены устарели', each with its own colour.
 * `date` is 'yyyy-MM-dd' and is shown as dd.MM.yyyy.
 */
export function priceStatus(
  code: number,
  date: string | null,
): { text: string; tone: PriceStatusTone } | null {
  if (!date) return null;
  const [y, m, d] = date.split('-');
  const shown = `${d}.${m}.${y}`;
  switch (code) {
    case 0:
      return { text: `Обновлено ${shown}`, tone: 'success' };
    case 1:
      return { text: `Обновлено клиникой ${shown}`, tone: 'neutral' };
    case 2:
      return { text: `Обновлено ${shown}. Цены могли устареть`, tone: 'warning' };
    case 3:
      return { text: `Обновлено ${shown}. Цены устарели`, tone: 'error' };
    default:
      return null;
  }
}
