import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  doctorListSearch,
  filtersKey,
  filtersPhrase,
  hasFilters,
  NO_FILTERS,
  ONLINE_LIST_OPTIONS,
  parseDoctorListParams,
} from './list-filters';

const parse = (query: string, options?: Parameters<typeof parseDoctorListParams>[1]) =>
  parseDoctorListParams(new URLSearchParams(query), options);

describe('parseDoctorListParams', () => {
  it('defaults to the rating sort, no filters and page 1', () => {
    expect(parse('')).toEqual({ sort: 'rating', filters: NO_FILTERS, free: null, page: 1 });
  });

  it('reads every sort, filter and the page', () => {
    expect(parse('sort=price&na_dom=1&online=1&deti=1&club=1&page=3')).toEqual({
      sort: 'price',
      filters: { homeVisit: true, online: true, children: true, club: true },
      free: null,
      page: 3,
    });
    for (const sort of ['reviews', 'experience', 'nearest']) expect(parse(`sort=${sort}`).sort).toBe(sort);
    for (const free of ['today', 'tomorrow', '3days']) expect(parse(`free=${free}`).free).toBe(free);
    expect(parse('free=week').free).toBeNull();
  });

  it('accepts a checkbox sent without a value and true', () => {
    expect(parse('na_dom=on&deti=true').filters).toEqual({ ...NO_FILTERS, homeVisit: true, children: true });
  });

  it('ignores unknown or malformed values instead of failing', () => {
    expect(parse('sort=cheapest&na_dom=yes&online=0&club=&page=-2')).toEqual({
      sort: DEFAULT_SORT,
      filters: NO_FILTERS,
      free: null,
      page: 1,
    });
  });

  it('drops the sorts and filters a list does not offer', () => {
    expect(parse('sort=price&na_dom=1&online=1&deti=1', ONLINE_LIST_OPTIONS)).toEqual({
      sort: 'rating',
      filters: { ...NO_FILTERS, children: true },
      free: null,
      page: 1,
    });
  });
});

describe('doctorListSearch', () => {
  it('writes one canonical query string, leaving out defaults', () => {
    expect(doctorListSearch({})).toBe('');
    expect(doctorListSearch({ sort: 'rating', filters: NO_FILTERS, page: 1 })).toBe('');
    expect(
      doctorListSearch({ sort: 'price', filters: { ...NO_FILTERS, club: true, homeVisit: true }, page: 2 }),
    ).toBe('?na_dom=1&club=1&sort=price&page=2');
  });

  it('keeps other parameters first and skips empty ones', () => {
    expect(doctorListSearch({ sort: 'reviews' }, { q: 'иванов', lat: '' })).toBe(
      `?q=${encodeURIComponent('иванов').replace(/%20/g, '+')}&sort=reviews`,
    );
  });

  it('round-trips through the parser', () => {
    const params = {
      sort: 'experience' as const,
      filters: { ...NO_FILTERS, online: true },
      free: null,
      page: 4,
    };
    expect(parse(doctorListSearch(params).slice(1))).toEqual(params);
    const nearest = { sort: 'nearest' as const, filters: NO_FILTERS, free: 'tomorrow' as const, page: 1 };
    expect(doctorListSearch(nearest)).toBe('?free=tomorrow&sort=nearest');
    expect(parse(doctorListSearch(nearest).slice(1))).toEqual(nearest);
  });
});

describe('filter helpers', () => {
  it('names the filters for titles and keys them for caches', () => {
    const filters = { ...NO_FILTERS, homeVisit: true, club: true };
    expect(filtersPhrase(filters)).toBe('на дому, с клубной ценой');
    expect(filtersPhrase(NO_FILTERS)).toBe('');
    expect(filtersKey(filters)).toBe('1001');
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});
