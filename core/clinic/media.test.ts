import { describe, expect, it } from 'vitest';
import { clinicMediaUrl, hashOfClinicMediaUrl, licenceDateError, moveTarget } from './media';

describe('moveTarget', () => {
  it('swaps with the neighbour above or below, and not past either end', () => {
    expect(moveTarget(3, 1, 'up')).toBe(0);
    expect(moveTarget(3, 1, 'down')).toBe(2);
    expect(moveTarget(3, 0, 'up')).toBeNull();
    expect(moveTarget(3, 2, 'down')).toBeNull();
    expect(moveTarget(3, 5, 'up')).toBeNull();
    expect(moveTarget(1, 0, 'down')).toBeNull();
  });
});

describe('licenceDateError', () => {
  it('refuses a licence issued after the clinic’s today', () => {
    expect(licenceDateError('2026-11-29', '2026-11-28')).toMatch(/позже/);
    expect(licenceDateError('2026-11-28', '2026-11-28')).toBeNull();
    expect(licenceDateError('2001-02-03', '2026-11-28')).toBeNull();
  });
});

describe('clinic media addresses', () => {
  it('reads back only its own image addresses', () => {
    const hash = '0123456789abcdef0123456789abcdef';
    expect(hashOfClinicMediaUrl(clinicMediaUrl(hash))).toBe(hash);
    expect(hashOfClinicMediaUrl(`/media/doctors/${hash}.webp`)).toBeNull();
    expect(hashOfClinicMediaUrl(`https://evil.ru/media/clinics/${hash}.webp`)).toBeNull();
    expect(hashOfClinicMediaUrl('/media/clinics/../../etc.webp')).toBeNull();
  });
});
