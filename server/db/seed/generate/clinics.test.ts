import { describe, expect, it } from 'vitest';
import { haversineKm } from '../../../../core/geo/distance';
import { AREA_RADIUS_KM, address, areaCentre, mobilePhone, phone } from './addresses';
import { clinicName, licenceNumber } from './clinics';
import { CLINIC_KINDS, towns } from './data';
import { servicePrice } from './picks';
import { createRng } from './random';

describe('clinics, addresses and phones', () => {
  it('names clinics with a prefix and a quoted name', () => {
    const rng = createRng(14);
    for (const kind of CLINIC_KINDS) {
      for (let i = 0; i < 50; i++)
        expect(clinicName(rng, kind)).toMatch(/^[А-ЯЁ][^«»]* («[^«»]+»|доктора [А-ЯЁ]\S+)$/);
    }
  });

  it('builds addresses from the town’s own streets, districts and metro', () => {
    const rng = createRng(15);
    for (const town of towns) {
      for (let i = 0; i < 100; i++) {
        const a = address(rng, town);
        const area = town.areas.find((x) => x.district === a.district);
        expect(area?.streets).toContain(a.street);
        if (a.metro === null) expect(area?.metro).toHaveLength(0);
        else expect(area?.metro).toContain(a.metro);
        expect(a.house).toMatch(/^\d+/);
        expect(a.full).toBe(`${a.street}, д. ${a.house}`);
        expect(Math.abs(a.lat - town.lat)).toBeLessThan(0.2);
      }
    }
  });

  it('places a clinic near its district’s middle, so its metro station is a walk away', () => {
    const rng = createRng(17);
    for (const town of towns) {
      for (let i = 0; i < 200; i++) {
        const a = address(rng, town);
        const index = town.areas.findIndex((x) => x.district === a.district);
        expect(haversineKm(a, areaCentre(town, index))).toBeLessThanOrEqual(AREA_RADIUS_KM + 0.01);
      }
    }
  });

  it('puts Moscow’s clinics by their real stations: one at Курская or Бауманская stands within 3 km of it', () => {
    // The stations' places (OpenStreetMap), for the data's Басманный district.
    const stations: Record<string, { lat: number; lon: number }> = {
      Курская: { lat: 55.7586, lon: 37.659 },
      Бауманская: { lat: 55.7724, lon: 37.679 },
    };
    const moscow = towns.find((t) => t.slug === 'moskva');
    if (!moscow) throw new Error('no Moscow in the data');
    const rng = createRng(18);
    let seen = 0;
    for (let i = 0; i < 2000; i++) {
      const a = address(rng, moscow);
      const station = a.metro ? stations[a.metro] : undefined;
      if (!station) continue;
      seen++;
      expect(haversineKm(a, station)).toBeLessThan(3);
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('dials 11-digit numbers in the town’s area code', () => {
    const rng = createRng(16);
    for (const town of towns) {
      for (let i = 0; i < 20; i++) {
        const p = phone(rng, town);
        expect(p).toMatch(/^7\d{10}$/);
        expect([town.phoneCode, ...town.altPhoneCodes].some((c) => p.startsWith(`7${c}`))).toBe(true);
      }
    }
    expect(mobilePhone(rng)).toMatch(/^79\d{9}$/);
  });

  it('formats licence numbers and prices', () => {
    const rng = createRng(17);
    expect(licenceNumber(rng, 'moskva')).toMatch(/^Л041-\d{5}-77\/\d{8}$/);
    const service = { priceMin: 1000, priceMax: 3000 };
    for (let i = 0; i < 100; i++) {
      const p = servicePrice(rng, service, 'kazan');
      expect(p % 50).toBe(0);
      expect(p).toBeGreaterThanOrEqual(600);
      expect(p).toBeLessThanOrEqual(2200);
    }
  });
});
