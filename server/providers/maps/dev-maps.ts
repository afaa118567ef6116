import { haversineKm } from '../../../core/geo/distance';
import type { Address } from '../../../core/map/contracts';
import type { MapsProvider, SearchArea } from './maps-provider';
import { straightLineRoute } from './straight-line';

/** Our own places matching a text near a point: clinic addresses and metro stations. */
export type PlaceSearch = (text: string, area: SearchArea, limit: number) => Promise<Address[]>;

/**
 * The offline default: addresses come from our own data (clinic addresses, metro stations),
 * routes are straight lines marked approximate. Nothing is asked of the internet.
 */
export function createDevMapsProvider({ places }: { places: PlaceSearch }): MapsProvider {
  return {
    name: 'dev',
    suggest: (text, area, limit) => places(text, area, limit),
    geocode: async (text, area) => (await places(text, area, 1))[0] ?? null,
    route: async (from, to, mode) => [straightLineRoute(from, to, mode)],
    // Our own places know a house only where a clinic stands: 'Тверская, 7' then, nothing else.
    async locateHouse({ street, house }, area) {
      const wanted = houseKey(`${street}, ${house}`);
      const found = await places(wanted, area, 10);
      // The same address in another town is not this house.
      const same = found.find(
        (p) => houseKey(p.title) === wanted && haversineKm(area.near, p) * 1000 <= area.radiusM,
      );
      return same ? { lat: same.lat, lon: same.lon } : null;
    },
  };
}

/**
 * 'ул. Тверская, д. 7' and 'Тверская 7' alike: lower case, ё as е, without the words for street
 * and house and without punctuation, so a patient's spelling of a clinic's address matches it.
 */
export function houseKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['ул', 'улица', 'д', 'дом', 'пр', 'проспект', 'пер', 'переулок'].includes(w))
    .join(' ');
}
