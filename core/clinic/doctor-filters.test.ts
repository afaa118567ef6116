import { describe, expect, it } from 'vitest';
import {
  doctorFiltersToParams,
  filterByName,
  hasDoctorFilters,
  NO_DOCTOR_FILTERS,
  parseDoctorFilters,
  toggleGender,
  withFilter,
} from './doctor-filters';

describe('doctor filters in the URL hash', () => {
  it('reads speciality, staj, gender, na_dom and page', () => {
    expect(
      parseDoctorFilters(new URLSearchParams('speciality=12&staj=15&gender=F&na_dom=true&page=3')),
    ).toEqual({
      speciality: 12,
      staj: 15,
      gender: 'F',
      naDom: true,
      page: 3,
    });
  });

  it('ignores values that make no sense instead of failing', () => {
    expect(
      parseDoctorFilters(new URLSearchParams('speciality=abc&staj=-5&gender=X&na_dom=yes&page=0')),
    ).toEqual(NO_DOCTOR_FILTERS);
  });

  it('writes the same keys back, leaving out page 1 and unset filters', () => {
    expect(
      doctorFiltersToParams({ speciality: 12, staj: 5, gender: 'M', naDom: true, page: 1 }).toString(),
    ).toBe('speciality=12&staj=5&gender=M&na_dom=true');
    expect(doctorFiltersToParams({ ...NO_DOCTOR_FILTERS, page: 2 }).toString()).toBe('page=2');
    expect(doctorFiltersToParams(NO_DOCTOR_FILTERS).toString()).toBe('');
  });

  it('round-trips', () => {
    const hash = 'speciality=4&gender=F&page=2';
    expect(doctorFiltersToParams(parseDoctorFilters(new URLSearchParams(hash))).toString()).toBe(hash);
  });
});

describe('filter changes', () => {
  it('go back to page 1', () => {
    expect(withFilter({ ...NO_DOCTOR_FILTERS, page: 4 }, { gender: 'F' })).toEqual({
      ...NO_DOCTOR_FILTERS,
      gender: 'F',
    });
  });

  it('turn the gender off when the selected one is clicked again', () => {
    expect(toggleGender(null, 'M')).toBe('M');
    expect(toggleGender('M', 'F')).toBe('F');
    expect(toggleGender('F', 'F')).toBeNull();
  });

  it('count as filters only when they narrow the list', () => {
    expect(hasDoctorFilters({ ...NO_DOCTOR_FILTERS, page: 3 })).toBe(false);
    expect(hasDoctorFilters({ ...NO_DOCTOR_FILTERS, naDom: true })).toBe(true);
  });
});

describe('filterByName', () => {
  const items = [
    { name: 'Терапевт' },
    { name: 'Детский терапевт' },
    { name: 'Кардиолог' },
    { name: 'Ёмкий' },
  ];

  it('matches a case-insensitive substring', () => {
    expect(filterByName(items, 'ТЕРАП').map((i) => i.name)).toEqual(['Терапевт', 'Детский терапевт']);
    expect(filterByName(items, 'емк').map((i) => i.name)).toEqual(['Ёмкий']);
    expect(filterByName(items, 'хирург')).toEqual([]);
    expect(filterByName(items, '  ')).toEqual(items);
  });
});
