import { describe, expect, it } from 'vitest';
import {
  clinicBank,
  reviewBank,
  reviewTags,
  SPECIALITY_GROUPS,
  serviceClasses,
  specialities,
  townBySlug,
  towns,
  treatments,
} from './data';
import { slugify } from './names';

describe('towns.json', () => {
  it('has the required towns with the agreed slugs', () => {
    expect(towns.length).toBeGreaterThanOrEqual(12);
    const expected: Record<string, string> = {
      moskva: 'Москва',
      spb: 'Санкт-Петербург',
      novosibirsk: 'Новосибирск',
      ekaterinburg: 'Екатеринбург',
      kazan: 'Казань',
      krasnodar: 'Краснодар',
      vladivostok: 'Владивосток',
    };
    for (const [slug, name] of Object.entries(expected)) expect(townBySlug(slug).name).toBe(name);
    expect(townBySlug('vladivostok').nameIn).toBe('во Владивостоке');
    expect(() => townBySlug('atlantida')).toThrow();
  });

  it('uses valid IANA time zones with the right offsets', () => {
    const offset = (tz: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'shortOffset' })
        .formatToParts(new Date('2026-01-15T12:00:00Z'))
        .find((p) => p.type === 'timeZoneName')?.value;
    for (const t of towns) {
      expect(() => new Intl.DateTimeFormat(undefined, { timeZone: t.tz }), t.slug).not.toThrow();
      expect(t.tz).toMatch(/^(Europe|Asia)\//);
    }
    expect(offset(townBySlug('moskva').tz)).toBe('GMT+3');
    expect(offset(townBySlug('samara').tz)).toBe('GMT+4');
    expect(offset(townBySlug('ekaterinburg').tz)).toBe('GMT+5');
    expect(offset(townBySlug('novosibirsk').tz)).toBe('GMT+7');
    expect(offset(townBySlug('vladivostok').tz)).toBe('GMT+10');
  });

  it('has districts, streets and metro of the agreed sizes', () => {
    const metroTowns = [
      'moskva',
      'spb',
      'novosibirsk',
      'ekaterinburg',
      'kazan',
      'samara',
      'nizhniy-novgorod',
    ];
    for (const t of towns) {
      expect(t.districts.length, t.slug).toBeGreaterThanOrEqual(6);
      expect(t.districts.length, t.slug).toBeLessThanOrEqual(12);
      expect(t.streets.length, t.slug).toBeGreaterThanOrEqual(15);
      expect(t.streets.length, t.slug).toBeLessThanOrEqual(30);
      expect(new Set(t.streets).size).toBe(t.streets.length);
      expect(t.metro.length > 0, t.slug).toBe(metroTowns.includes(t.slug));
      expect(t.lat).toBeGreaterThan(40);
      expect(t.lon).toBeGreaterThan(19);
      expect(t.phoneCode).toMatch(/^\d{3,4}$/);
      expect(t.regionCode).toMatch(/^\d{2}$/);
      // Flat lists are the union of the areas.
      expect(new Set(t.areas.flatMap((a) => a.streets))).toEqual(new Set(t.streets));
    }
    expect(townBySlug('moskva').metro.length).toBeGreaterThanOrEqual(30);
    expect(townBySlug('spb').metro.length).toBeGreaterThanOrEqual(30);
  });
});

describe('catalogue data', () => {
  it('has enough specialities, services and treatments', () => {
    expect(specialities.length).toBeGreaterThanOrEqual(65);
    expect(serviceClasses.flatMap((c) => c.services).length).toBeGreaterThanOrEqual(85);
    expect(treatments.length).toBeGreaterThanOrEqual(30);
  });

  it('has unique, URL-safe translits everywhere', () => {
    const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
    const check = (list: string[]) => {
      expect(new Set(list).size).toBe(list.length);
      for (const t of list) expect(t).toMatch(slug);
    };
    check(specialities.map((s) => s.translit));
    check(serviceClasses.flatMap((c) => [c.translit, ...c.services.map((s) => s.translit)]));
    check(treatments.map((t) => t.translit));
    check(reviewTags.map((t) => t.translit));
    for (const t of reviewTags) expect(t.translit).toBe(slugify(t.name));
  });

  it('keeps the slugs the rest of the app links to', () => {
    const translits = new Set(specialities.map((s) => s.translit));
    for (const t of [
      'terapevt',
      'kardiolog',
      'stomatolog',
      'lor',
      'ginekolog',
      'pediatr',
      'oftalmolog',
      'uzi',
    ]) {
      expect(translits.has(t), t).toBe(true);
    }
  });

  it('refers only to specialities that exist and uses known groups', () => {
    const translits = new Set(specialities.map((s) => s.translit));
    for (const s of specialities) expect(SPECIALITY_GROUPS).toContain(s.group);
    for (const c of serviceClasses) {
      expect(['service', 'diagnostics', 'analysis']).toContain(c.kind);
      for (const s of c.services) {
        if (s.speciality) expect(translits.has(s.speciality), s.speciality).toBe(true);
        expect(Number.isInteger(s.priceMin) && Number.isInteger(s.priceMax)).toBe(true);
        expect(s.priceMin).toBeGreaterThan(0);
        expect(s.priceMax).toBeGreaterThan(s.priceMin);
        expect(s.duration).toBeGreaterThan(0);
      }
    }
    for (const t of treatments) for (const s of t.specialities) expect(translits.has(s), s).toBe(true);
    for (const key of [
      ...Object.keys(reviewBank.specialityReasons),
      ...Object.keys(reviewBank.specialityBodies),
    ]) {
      expect(translits.has(key), key).toBe(true);
    }
  });

  it('has a licence authority for every town', () => {
    for (const t of towns) expect(clinicBank.licenceAuthorities[t.slug], t.slug).toBeDefined();
  });
});
