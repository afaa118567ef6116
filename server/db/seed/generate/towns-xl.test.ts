import { describe, expect, it } from 'vitest';
import { SIZES } from '../sizes';
import { towns, xlTowns } from './data';
import { slugify } from './names';

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));

describe('towns-xl.json (the xl data set: every region’s centre)', () => {
  const all = [...towns, ...xlTowns];

  it('adds the other regions’ centres to the 16 towns, one town per region', () => {
    expect(towns).toHaveLength(16);
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(new Set(all.map((t) => t.slug)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.region)).size).toBe(all.length);
    expect(new Set(all.map((t) => t.regionCode)).size).toBe(all.length);
  });

  it('gives each town its slug, case forms, zone, phone code, coordinates and streets by district', () => {
    for (const t of xlTowns) {
      expect(t.slug, t.name).toBe(slugify(t.name));
      expect(t.nameIn, t.slug).toMatch(/^во? [А-ЯЁ]/);
      expect(ZONES.has(t.tz), `${t.slug} ${t.tz}`).toBe(true);
      expect(t.tz, t.slug).toMatch(/^(Europe|Asia)\//);
      expect(t.phoneCode, t.slug).toMatch(/^\d{3,5}$/);
      expect(t.regionCode, t.slug).toMatch(/^\d{2}$/);
      // Russia, from Kaliningrad to Chukotka.
      expect(t.lat, t.slug).toBeGreaterThan(41);
      expect(t.lat, t.slug).toBeLessThan(70);
      expect(t.lon, t.slug).toBeGreaterThan(19);
      expect(t.lon, t.slug).toBeLessThan(180);
      expect(t.weight, t.slug).toBeGreaterThan(0);
      expect(t.metro, t.slug).toEqual([]);
      expect(t.districts.length, t.slug).toBeGreaterThanOrEqual(3);
      expect(t.streets.length, t.slug).toBeGreaterThanOrEqual(6);
      expect(new Set(t.streets).size, t.slug).toBe(t.streets.length);
      expect(t.areas.map((a) => a.district)).toEqual(t.districts);
      expect(t.areas.flatMap((a) => a.streets)).toEqual(t.streets);
    }
  });

  it('spans Russia’s zones, Kaliningrad to Kamchatka', () => {
    const zones = new Set(all.map((t) => t.tz));
    for (const z of [
      'Europe/Kaliningrad',
      'Europe/Moscow',
      'Europe/Samara',
      'Asia/Yekaterinburg',
      'Asia/Omsk',
      'Asia/Novosibirsk',
      'Asia/Krasnoyarsk',
      'Asia/Irkutsk',
      'Asia/Yakutsk',
      'Asia/Vladivostok',
      'Asia/Magadan',
      'Asia/Kamchatka',
    ])
      expect(zones.has(z), z).toBe(true);
  });
});

describe('SIZES', () => {
  it('only xl takes the other regions; xl is Russia’s scale', () => {
    expect(SIZES.tiny.allRegions).toBe(false);
    expect(SIZES.small.allRegions).toBe(false);
    expect(SIZES.large.allRegions).toBe(false);
    const xl = SIZES.xl;
    expect(xl.allRegions).toBe(true);
    expect(xl.doctors).toBeGreaterThanOrEqual(600_000);
    expect(xl.clinics).toBeGreaterThanOrEqual(100_000);
    expect(xl.reviews).toBeGreaterThanOrEqual(6_000_000);
    const n = towns.length + xlTowns.length;
    expect(xl.minDoctorsPerTown * n).toBeLessThan(xl.doctors / 2);
    expect(xl.minClinicsPerTown * n).toBeLessThan(xl.clinics / 2);
  });
});
