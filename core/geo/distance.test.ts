import { describe, expect, it } from 'vitest';
import { boundingBox, formatDistance, haversineKm, parsePoint } from './distance';

const KREMLIN = { lat: 55.752, lon: 37.6175 };
const NOVOSIBIRSK = { lat: 55.0302, lon: 82.9204 };

describe('haversineKm', () => {
  it('measures great-circle distances', () => {
    expect(haversineKm(KREMLIN, KREMLIN)).toBe(0);
    expect(haversineKm(KREMLIN, NOVOSIBIRSK)).toBeGreaterThan(2800);
    expect(haversineKm(KREMLIN, NOVOSIBIRSK)).toBeLessThan(2830);
    // 0.09° of latitude is 10 km anywhere.
    expect(haversineKm(KREMLIN, { lat: KREMLIN.lat + 0.09, lon: KREMLIN.lon })).toBeCloseTo(10.0, 1);
  });

  it('measures two Moscow metro stations as a map does: Охотный Ряд to Курская is 2.7 km, not 8', () => {
    // The stations' places (OpenStreetMap); a map's ruler gives about 2.7 km between them.
    const okhotnyRyad = { lat: 55.7571, lon: 37.6153 };
    const kurskaya = { lat: 55.7586, lon: 37.659 };
    expect(haversineKm(okhotnyRyad, kurskaya)).toBeGreaterThan(2.6);
    expect(haversineKm(okhotnyRyad, kurskaya)).toBeLessThan(2.9);
    expect(formatDistance(haversineKm(okhotnyRyad, kurskaya))).toBe('2,7 км');
  });
});

describe('boundingBox', () => {
  it('holds every point within the radius, with wider longitudes further north', () => {
    const box = boundingBox(KREMLIN, 5);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      // A point just inside the radius in this direction.
      const p = {
        lat: KREMLIN.lat + (4.99 / 111.32) * Math.cos(rad),
        lon: KREMLIN.lon + (4.99 / (111.32 * Math.cos((KREMLIN.lat * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(haversineKm(KREMLIN, p)).toBeLessThan(5);
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lon).toBeGreaterThanOrEqual(box.minLon);
      expect(p.lon).toBeLessThanOrEqual(box.maxLon);
    }
    expect(box.maxLon - box.minLon).toBeGreaterThan(box.maxLat - box.minLat);
  });
});

describe('parsePoint', () => {
  it('reads ?lat=&lon= rounded to 4 decimals', () => {
    expect(parsePoint(new URLSearchParams('lat=55.7520123&lon=37.61749'))).toEqual({
      lat: 55.752,
      lon: 37.6175,
    });
    expect(parsePoint(new URLSearchParams('lat=-33.9&lon=151.2'))).toEqual({ lat: -33.9, lon: 151.2 });
  });

  it('ignores a missing, malformed or out-of-range coordinate', () => {
    for (const q of [
      '',
      'lat=55.7',
      'lat=abc&lon=37',
      'lat=91&lon=37',
      'lat=55&lon=181',
      'lat=1e2&lon=3',
      'lat=55.&lon=37',
    ]) {
      expect(parsePoint(new URLSearchParams(q)), q).toBeNull();
    }
  });
});

describe('formatDistance', () => {
  it('shows metres under a kilometre and one decimal under ten', () => {
    expect(formatDistance(0.004)).toBe('10 м');
    expect(formatDistance(0.347)).toBe('350 м');
    expect(formatDistance(1.234)).toBe('1,2 км');
    expect(formatDistance(12.6)).toBe('13 км');
  });
});
