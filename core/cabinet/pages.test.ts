import { describe, expect, it } from 'vitest';
import { CABINET_PAGES, cabinetPagesFor, clinicRoleRefuses, landingAfterSignIn, STAFF_PAGES } from './pages';

const doctor = { isDoctor: true, isLpu: false, isStaff: false };
const clinic = { isDoctor: false, isLpu: true, isStaff: false };
const staff = { isDoctor: false, isLpu: false, isStaff: true };
const patient = { isDoctor: false, isLpu: false, isStaff: false };

describe('cabinetPagesFor', () => {
  it('gives a doctor no page about the clinic itself', () => {
    const keys = cabinetPagesFor(doctor).map((p) => p.key);
    expect(keys).toEqual([
      'appointments',
      'calendar',
      'callbacks',
      'schedule',
      'effectiveness',
      'profile',
      'reviews',
      'plan',
    ]);
  });

  it('gives a clinic every page, its profile and reviews pages named for a clinic', () => {
    const pages = cabinetPagesFor(clinic);
    expect(pages.map((p) => p.key)).toEqual(Object.keys(CABINET_PAGES));
    expect(pages.find((p) => p.key === 'profile')?.title).toBe('Профили врачей');
    expect(pages.find((p) => p.key === 'reviews')?.title).toBe('Отзывы о клинике');
    expect(cabinetPagesFor(doctor).find((p) => p.key === 'profile')?.title).toBe('Мой профиль');
  });

  it('gives patients and staff no cabinet page', () => {
    expect(cabinetPagesFor(patient)).toEqual([]);
    expect(cabinetPagesFor(staff)).toEqual([]);
  });
});

describe('cabinetPagesFor a clinic login by its role', () => {
  const receptionist = { ...clinic, clinicRole: 'receptionist' as const };
  const administrator = { ...clinic, clinicRole: 'administrator' as const };

  it('shows a receptionist the desk only: no clinic page, prices, integration, people', () => {
    const keys = cabinetPagesFor(receptionist).map((p) => p.key);
    for (const key of ['clinic', 'prices', 'integration', 'people', 'profile', 'reviews', 'effectiveness'])
      expect(keys).not.toContain(key);
    expect(keys).toEqual(expect.arrayContaining(['appointments', 'callbacks', 'schedule']));
  });

  it('shows an administrator the people page, and a removed login nothing', () => {
    expect(cabinetPagesFor(administrator).map((p) => p.key)).toContain('people');
    expect(cabinetPagesFor(administrator).find((p) => p.key === 'people')?.title).toBe('Сотрудники');
    expect(cabinetPagesFor({ ...clinic, clinicRole: null })).toEqual([]);
    expect(cabinetPagesFor(doctor).map((p) => p.key)).not.toContain('people');
  });
});

describe('landingAfterSignIn', () => {
  it('takes a work account from the home page to its own start page', () => {
    expect(landingAfterSignIn(doctor, '/')).toBe(CABINET_PAGES.appointments.path);
    expect(landingAfterSignIn(clinic, '/')).toBe(CABINET_PAGES.appointments.path);
    expect(landingAfterSignIn(staff, '/')).toBe(STAFF_PAGES.reviews.path);
  });

  it('keeps the page asked for, and a patient on the home page', () => {
    expect(landingAfterSignIn(clinic, '/cabinet/prices/')).toBe('/cabinet/prices/');
    expect(landingAfterSignIn(patient, '/')).toBe('/');
    expect(landingAfterSignIn(patient, '/moskva/vrach/')).toBe('/moskva/vrach/');
  });
});

describe('clinicRoleRefuses', () => {
  it('refuses a receptionist the pages her role may not open, and no page to an administrator', () => {
    const receptionist = { ...clinic, clinicRole: 'receptionist' as const };
    const administrator = { ...clinic, clinicRole: 'administrator' as const };
    for (const key of [
      'prices',
      'clinic',
      'integration',
      'effectiveness',
      'profile',
      'reviews',
      'people',
    ] as const)
      expect(clinicRoleRefuses(key, receptionist), key).toBe(true);
    for (const key of ['appointments', 'calendar', 'schedule', 'callbacks'] as const)
      expect(clinicRoleRefuses(key, receptionist), key).toBe(false);
    for (const key of Object.keys(CABINET_PAGES) as (keyof typeof CABINET_PAGES)[])
      expect(clinicRoleRefuses(key, administrator), key).toBe(false);
    // A removed login opens nothing; a doctor's account is its pages' own business.
    expect(clinicRoleRefuses('appointments', { ...clinic, clinicRole: null })).toBe(true);
    expect(clinicRoleRefuses('prices', doctor)).toBe(false);
  });
});
