import { describe, expect, it } from 'vitest';
import { pageSource } from './page-source';

describe('pageSource', () => {
  it('names the doctor lists, and the treatment pages as the disease doctor lists', () => {
    expect(pageSource('/moskva/vrach/')).toBe('doctors_list');
    expect(pageSource('/moskva/vrach/terapevt/')).toBe('doctors_list');
    expect(pageSource('/moskva/metro/arbatskaya/vrach/lor/')).toBe('doctors_list');
    expect(pageSource('/spb/ryadom/vrach/')).toBe('doctors_list');
    expect(pageSource('/online/vrach/kardiolog/')).toBe('doctors_list');
    expect(pageSource('/moskva/lechenie/gastrit/')).toBe('disease_doctors_list');
  });

  it('names the doctor, clinic and service pages', () => {
    expect(pageSource('/moskva/vrach/12-ivanov-ivan/')).toBe('doctor_page');
    expect(pageSource('/moskva/lpu/7-klinika-zdorovie/')).toBe('clinic_page');
    expect(pageSource('/moskva/lpu/7-klinika-zdorovie/vrachi/')).toBe('clinic_doctors');
    expect(pageSource('/moskva/lpu/')).toBe('clinics_list');
    expect(pageSource('/moskva/rayon/arbat/lpu/')).toBe('clinics_list');
    expect(pageSource('/moskva/top/stomatologii/')).toBe('clinics_list');
    expect(pageSource('/moskva/diagnostika/mrt-golovy/')).toBe('services_list');
  });

  it('matches nothing else: those pages are without a source', () => {
    for (const path of [
      '/',
      '/favourites',
      '/moskva/vrach/12-ivanov/otzivi/',
      '/moskva/lpu/7-klinika/otzivi/',
      '/moskva/lechenie/',
      '/moskva/lechenie/gastrit/extra/',
      '/moskva/uslugi/',
      '/cabinet/reviews',
      '/appointment/new/',
      '/moskva/vrach',
    ])
      expect(pageSource(path), path).toBeNull();
  });
});
