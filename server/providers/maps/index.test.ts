import { afterEach, describe, expect, it } from 'vitest';
import { startFakeProvider } from '../testing/fake-provider-server';
import { createMapsProvider, mapsConfigProblems } from './index';

let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const noPlaces = async () => [];
const from = { lat: 55.7, lon: 37.6 };
const to = { lat: 55.75, lon: 37.62 };

describe('choosing the maps provider', () => {
  it('yandex without its key cannot start', () => {
    expect(mapsConfigProblems({ APP_ENV: 'production', MAPS_PROVIDER: 'yandex' })).toEqual([
      'YANDEX_MAPS_API_KEY: required with MAPS_PROVIDER=yandex',
    ]);
    expect(() =>
      createMapsProvider({ APP_ENV: 'development', MAPS_PROVIDER: 'yandex' }, { places: noPlaces }),
    ).toThrow(/YANDEX_MAPS_API_KEY/);
    expect(mapsConfigProblems({ APP_ENV: 'production', MAPS_PROVIDER: 'dev' })).toEqual([]);
  });

  it('OSRM_URL sends car routes to OSRM and leaves public transport with the provider', async () => {
    fake = await startFakeProvider(() => ({
      json: {
        code: 'Ok',
        routes: [{ distance: 7000, duration: 800, geometry: { coordinates: [[37.6, 55.7]] } }],
      },
    }));
    const maps = createMapsProvider(
      { APP_ENV: 'development', MAPS_PROVIDER: 'dev', OSRM_URL: fake.baseUrl },
      { places: noPlaces },
    );
    expect(maps.name).toBe('dev+osrm');
    const [car] = await maps.route(from, to, 'car');
    expect(car).toMatchObject({ approximate: false, distanceM: 7000 });
    const [transit] = await maps.route(from, to, 'transit');
    expect(transit).toMatchObject({ approximate: true, mode: 'transit' });
    expect(fake.requests).toHaveLength(1);
  });
});
