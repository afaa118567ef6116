import { describe, expect, it } from 'vitest';
import { queryString } from '../http/call';
import {
  groupByClass,
  isBookableLine,
  matchingCategories,
  priceListQuery,
  showAllButtonVisible,
} from './price-list';

describe('priceListQuery', () => {
  it('sends lpu_id and page, and the switch only when it is on', () => {
    expect(queryString(priceListQuery({ clinicId: 7, page: 2, search: null, onlineOnly: false }))).toBe(
      '?lpu_id=7&page=2',
    );
    expect(queryString(priceListQuery({ clinicId: 7, page: 1, search: null, onlineOnly: true }))).toBe(
      '?lpu_id=7&page=1&is_available_appointment_direct=true',
    );
  });

  it('sends free text as search_query and a chosen category as service_category_name, trimmed', () => {
    expect(
      priceListQuery({ clinicId: 7, page: 1, search: { kind: 'text', value: ' узи ' }, onlineOnly: false })
        .search_query,
    ).toBe('узи');
    const category = priceListQuery({
      clinicId: 7,
      page: 1,
      search: { kind: 'category', value: 'УЗИ' },
      onlineOnly: false,
    });
    expect(category.service_category_name).toBe('УЗИ');
    expect('search_query' in category).toBe(false);
  });

  it('leaves out a blank search', () => {
    expect(
      priceListQuery({ clinicId: 7, page: 1, search: { kind: 'text', value: '   ' }, onlineOnly: false }),
    ).toEqual({ lpu_id: 7, page: 1 });
  });
});

describe('showAllButtonVisible', () => {
  it('shows only with the online switch on and on the last page', () => {
    expect(showAllButtonVisible({ onlineOnly: true, page: 3, numPages: 3 })).toBe(true);
    expect(showAllButtonVisible({ onlineOnly: true, page: 1, numPages: 1 })).toBe(true);
    expect(showAllButtonVisible({ onlineOnly: true, page: 2, numPages: 3 })).toBe(false);
    expect(showAllButtonVisible({ onlineOnly: false, page: 3, numPages: 3 })).toBe(false);
  });
});

describe('matchingCategories', () => {
  const categories = ['Приём врача', 'УЗИ', 'Анализы крови', 'Ёмкостные тесты'];

  it('keeps categories containing the typed text, any case, ё as е', () => {
    expect(matchingCategories(categories, 'уз')).toEqual(['УЗИ']);
    expect(matchingCategories(categories, ' КРОВИ')).toEqual(['Анализы крови']);
    expect(matchingCategories(categories, 'емкост')).toEqual(['Ёмкостные тесты']);
    expect(matchingCategories(categories, 'мрт')).toEqual([]);
  });

  it('offers every category for an empty box', () => {
    expect(matchingCategories(categories, '')).toEqual(categories);
  });
});

describe('groupByClass', () => {
  it('starts a group at each change of class, keeping the order', () => {
    const rows = [
      { c: 'A', n: 1 },
      { c: 'A', n: 2 },
      { c: 'B', n: 3 },
    ];
    expect(groupByClass(rows, (r) => r.c)).toEqual([
      { name: 'A', rows: [rows[0], rows[1]] },
      { name: 'B', rows: [rows[2]] },
    ]);
    expect(groupByClass([], (r: { c: string }) => r.c)).toEqual([]);
  });
});

describe('isBookableLine', () => {
  const line = { appointment_on: true, has_intervals: true, is_available_appointment_direct: true };
  it('is true only when the line takes bookings, by time, directly', () => {
    expect(isBookableLine(line)).toBe(true);
    expect(isBookableLine({ ...line, appointment_on: false })).toBe(false);
    expect(isBookableLine({ ...line, has_intervals: false })).toBe(false);
    expect(isBookableLine({ ...line, is_available_appointment_direct: false })).toBe(false);
  });
});
