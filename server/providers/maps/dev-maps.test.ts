import { describe, expect, it } from 'vitest';
import type { Address } from '../../../core/map/contracts';
import { createDevMapsProvider, houseKey } from './dev-maps';

const MOSCOW = { lat: 55.75, lon: 37.62 };
const area = { near: MOSCOW, radiusM: 50_000 };
const place = (title: string, lat: number, lon: number): Address => ({ title, subtitle: 'Москва', lat, lon });

describe('the dev geocoder placing a house', () => {
  const asked: string[] = [];
  const maps = createDevMapsProvider({
    places: async (text) => {
      asked.push(text);
      return [
        place('Тверская улица, 71', 55.77, 37.6),
        place('Тверская улица, 7', 55.758, 37.613),
        place('Тверская улица, 9', 59.93, 30.31),
      ];
    },
  });

  it('knows a house where one of our clinics stands, however the patient spells it', async () => {
    await expect(
      maps.locateHouse({ town: 'Москва', street: 'ул. Тверская улица', house: '7' }, area),
    ).resolves.toEqual({ lat: 55.758, lon: 37.613 });
    expect(asked.at(-1)).toBe('тверская 7');
  });

  it('knows no other house: a number that only contains it, or the same address in another town', async () => {
    await expect(
      maps.locateHouse({ town: 'Москва', street: 'Тверская улица', house: '1' }, area),
    ).resolves.toBeNull();
    await expect(
      maps.locateHouse({ town: 'Москва', street: 'Тверская улица', house: '9' }, area),
    ).resolves.toBeNull();
  });

  it('reads street words and punctuation away', () => {
    expect(houseKey('ул. Ленина, д. 5')).toBe('ленина 5');
    expect(houseKey('Ёлочная улица,12')).toBe('елочная 12');
  });
});
