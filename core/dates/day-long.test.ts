import { format } from 'date-fns/format';
import { ru } from 'date-fns/locale/ru';
import { describe, expect, it } from 'vitest';
import { dayLong } from './day-long';

describe('dayLong', () => {
  it("reads every day of a year as date-fns' 'd MMMM' in Russian does", () => {
    for (let i = 0; i < 366; i++) {
      const date = new Date(2028, 0, 1 + i);
      const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      expect(dayLong(day)).toBe(format(date, 'd MMMM', { locale: ru }));
    }
  });
});
