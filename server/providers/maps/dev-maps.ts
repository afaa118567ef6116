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
  };
}
