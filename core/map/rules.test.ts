import { describe, expect, it } from 'vitest';
import {
  clinicCountText,
  externalRouteLinks,
  formatDuration,
  isTooFarFromClinic,
  routeToLink,
  transportNamesText,
} from './rules';

describe('clinicCountText', () => {
  it.each([
    [1, '1 клиника'],
    [2, '2 клиники'],
    [4, '4 клиники'],
    [5, '5 клиник'],
    [11, '11 клиник'],
    [12, '12 клиник'],
    [14, '14 клиник'],
    [21, '21 клиника'],
    [22, '22 клиники'],
    [111, '111 клиник'],
    [101, '101 клиника'],
  ])('%i → %s', (count, text) => expect(clinicCountText(count)).toBe(text));
});

describe('transportNamesText', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
  it('lists up to 11 names whole', () => {
    expect(transportNamesText(names(11))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11');
  });
  it('cuts after 11 with и др.', () => {
    expect(transportNamesText(names(12))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 и др.');
  });
});

describe('isTooFarFromClinic', () => {
  const clinic = { lat: 55.75, lon: 37.62 };
  it('accepts 99 km and refuses 100 km and more', () => {
    // One degree of latitude is about 111.2 km.
    expect(isTooFarFromClinic({ lat: 55.75 + 99 / 111.2, lon: 37.62 }, clinic)).toBe(false);
    expect(isTooFarFromClinic({ lat: 55.75 + 101 / 111.2, lon: 37.62 }, clinic)).toBe(true);
    expect(isTooFarFromClinic({ lat: 55.75 + 150 / 111.2, lon: 37.62 }, clinic)).toBe(true);
  });
});

describe('externalRouteLinks', () => {
  it('builds Yandex Maps and 2GIS links', () => {
    const links = externalRouteLinks({ lat: 55.7, lon: 37.6 }, { lat: 55.8, lon: 37.5 }, 'transit');
    expect(links.yandex).toBe('https://yandex.ru/maps/?rtext=55.7,37.6~55.8,37.5&rtt=mt');
    expect(links.twoGis).toBe('https://2gis.ru/directions/points/37.6,55.7|37.5,55.8?m=bus');
  });
});

describe('routeToLink', () => {
  it('opens a Yandex Maps car route from where the patient is to the clinic', () => {
    expect(routeToLink({ lat: 55.751244, lon: 37.618423 })).toBe(
      'https://yandex.ru/maps/?rtext=~55.751244,37.618423&rtt=auto',
    );
  });
});

describe('formatDuration', () => {
  it('minutes and hours', () => {
    expect(formatDuration(25 * 60)).toBe('25 мин');
    expect(formatDuration(65 * 60)).toBe('1 ч 5 мин');
    expect(formatDuration(120 * 60)).toBe('2 ч');
  });
});
