import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type FakeReply, startFakeProvider } from '../testing/fake-provider-server';
import { createOsrmCarRoutes } from './osrm-routes';

let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function osrm(reply: FakeReply) {
  fake = await startFakeProvider(() => reply);
  return createOsrmCarRoutes({ baseUrl: `${fake.baseUrl}/` });
}

const from = { lat: 55.7, lon: 37.6 };
const to = { lat: 55.75, lon: 37.62 };

describe('OSRM car routes', () => {
  it('asks for lon,lat;lon,lat with GeoJSON and reads every alternative', async () => {
    const routes = await osrm({
      json: {
        code: 'Ok',
        routes: [
          {
            distance: 7012.4,
            duration: 840.6,
            geometry: {
              type: 'LineString',
              coordinates: [
                [37.6, 55.7],
                [37.62, 55.75],
              ],
            },
          },
          {
            distance: 8100,
            duration: 900,
            geometry: {
              type: 'LineString',
              coordinates: [
                [37.6, 55.7],
                [37.62, 55.75],
              ],
            },
          },
        ],
      },
    });
    const list = await routes(from, to);
    expect(fake!.requests[0].path).toBe('/route/v1/driving/37.6,55.7;37.62,55.75');
    expect(fake!.requests[0].query.get('geometries')).toBe('geojson');
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      mode: 'car',
      distanceM: 7012,
      durationS: 841,
      approximate: false,
      line: [
        [37.6, 55.7],
        [37.62, 55.75],
      ],
      steps: [],
    });
  });

  it('a 400 NoRoute (how OSRM says it) is no routes', async () => {
    const routes = await osrm({ status: 400, json: { code: 'NoRoute', message: 'Impossible route' } });
    await expect(routes(from, to)).resolves.toEqual([]);
  });

  it('an Ok-less answer is a ProviderError', async () => {
    const routes = await osrm({ json: { code: 'InvalidQuery' } });
    await expectProviderError(routes(from, to), { provider: 'osrm', secret: 'none' });
  });

  it('a 200 NoRoute is an empty list', async () => {
    const routes = await osrm({ json: { code: 'NoRoute', routes: [] } });
    await expect(routes(from, to)).resolves.toEqual([]);
  });
});
