import type { Config } from '../../config';
import { createDevMapsProvider, type PlaceSearch } from './dev-maps';
import type { MapsProvider } from './maps-provider';
import { createOsrmCarRoutes } from './osrm-routes';
import { createYandexMapsProvider } from './yandex-maps';

export type MapsConfig = Pick<Config, 'APP_ENV' | 'MAPS_PROVIDER'> &
  Partial<Pick<Config, 'YANDEX_MAPS_API_KEY' | 'OSRM_URL'>>;

export const DEV_MAPS_CONFIG: MapsConfig = { APP_ENV: 'development', MAPS_PROVIDER: 'dev' };

/**
 * The configured maps adapter. With OSRM_URL, car routes come from that OSRM server whatever
 * the provider; public transport stays with the provider (straight lines for `dev`).
 */
export function createMapsProvider(config: MapsConfig, { places }: { places: PlaceSearch }): MapsProvider {
  const problems = mapsConfigProblems(config);
  if (problems.length) throw new Error(`Invalid maps configuration:\n  ${problems.join('\n  ')}`);
  const base =
    config.MAPS_PROVIDER === 'yandex'
      ? createYandexMapsProvider({ apiKey: config.YANDEX_MAPS_API_KEY ?? '' })
      : createDevMapsProvider({ places });
  if (!config.OSRM_URL) return base;
  const car = createOsrmCarRoutes({ baseUrl: config.OSRM_URL });
  return {
    ...base,
    name: `${base.name}+osrm`,
    route: (from, to, mode) => (mode === 'car' ? car(from, to) : base.route(from, to, mode)),
  };
}

/** A real provider without its key cannot start (like the phone providers' keys). */
export function mapsConfigProblems(config: MapsConfig): string[] {
  if (config.MAPS_PROVIDER === 'yandex' && !config.YANDEX_MAPS_API_KEY)
    return ['YANDEX_MAPS_API_KEY: required with MAPS_PROVIDER=yandex'];
  return [];
}
