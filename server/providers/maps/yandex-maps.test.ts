import { afterEach, describe, expect, it } from 'vitest';
import { expectProviderError } from '../testing/expect-provider-error';
import { type ReceivedRequest, startFakeProvider } from '../testing/fake-provider-server';
import { createYandexMapsProvider } from './yandex-maps';

const KEY = 'ya-secret-key-1234567890';
const area = { near: { lat: 55.75, lon: 37.62 }, radiusM: 100_000 };
let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const geoObject = (name: string, pos: string) => ({
  GeoObject: { name, description: 'Москва, Россия', Point: { pos } },
});

/** One fake server speaking the three APIs by path. */
async function yandex(router?: unknown, status = 200) {
  fake = await startFakeProvider((request: ReceivedRequest) => {
    if (request.path === '/1.x/') {
      const text = request.query.get('geocode') ?? '';
      const members = text.includes('нигде') ? [] : [geoObject(text, '37.6 55.7')];
      return { json: { response: { GeoObjectCollection: { featureMember: members } } } };
    }
    if (request.path === '/v1/suggest')
      return {
        json: {
          results: [
            { title: { text: 'Тверская улица, 7' }, subtitle: { text: 'Москва' } },
            { title: { text: 'Тверская улица, 9' }, subtitle: { text: 'Москва' } },
            { title: { text: 'Тверская улица, 11' }, subtitle: { text: 'Москва' } },
          ],
        },
      };
    if (request.path === '/v2/route') return { status, json: router };
    return { status: 404, json: { error: 'no such path' } };
  });
  const url = fake.baseUrl;
  return createYandexMapsProvider({ apiKey: KEY, geocoderUrl: url, suggestUrl: url, routerUrl: url });
}

describe('Yandex maps adapter', () => {
  it('geocodes with the key, the text and the search area', async () => {
    const maps = await yandex();
    await expect(maps.geocode('Тверская, 7', area)).resolves.toEqual({
      title: 'Тверская, 7',
      subtitle: 'Москва, Россия',
      lat: 55.7,
      lon: 37.6,
    });
    const query = fake!.requests[0].query;
    expect(query.get('apikey')).toBe(KEY);
    expect(query.get('format')).toBe('json');
    expect(query.get('ll')).toBe('37.62,55.75');
    expect(query.get('results')).toBe('1');
  });

  it('answers null for an address nobody knows', async () => {
    const maps = await yandex();
    await expect(maps.geocode('нигде', area)).resolves.toBeNull();
  });

  it('suggests at most the limit, geocoding each title', async () => {
    const maps = await yandex();
    const items = await maps.suggest('Тверская', area, 2);
    expect(items.map((i) => i.title)).toEqual(['Тверская улица, 7', 'Тверская улица, 9']);
    expect(fake!.requests[0].query.get('results')).toBe('2');
    expect(fake!.requests.filter((r) => r.path === '/1.x/')).toHaveLength(2);
  });

  it('reads transit routes: length, duration, polyline and the lines of each step', async () => {
    const names = Array.from({ length: 13 }, (_, i) => `Автобус ${i + 1}`);
    const maps = await yandex({
      route: {
        legs: [
          {
            status: 'OK',
            steps: [
              {
                mode: 'walking',
                length: 300,
                duration: 240,
                polyline: {
                  points: [
                    [55.7, 37.6],
                    [55.71, 37.6],
                  ],
                },
              },
              {
                mode: 'transit',
                length: 5000,
                duration: 900,
                transports: names.map((name) => ({ name })),
                polyline: {
                  points: [
                    [55.71, 37.6],
                    [55.75, 37.62],
                  ],
                },
              },
            ],
          },
        ],
      },
    });
    const [route] = await maps.route({ lat: 55.7, lon: 37.6 }, { lat: 55.75, lon: 37.62 }, 'transit');
    expect(fake!.requests[0].query.get('waypoints')).toBe('55.7,37.6|55.75,37.62');
    expect(fake!.requests[0].query.get('mode')).toBe('transit');
    expect(route).toMatchObject({ mode: 'transit', distanceM: 5300, durationS: 1140, approximate: false });
    expect(route.line[0]).toEqual([37.6, 55.7]);
    expect(route.steps[1].transport).toHaveLength(13);
  });

  it('a refused key is a ProviderError without the key in it', async () => {
    const maps = await yandex({ error: `Invalid key ${KEY}` }, 403);
    const error = await expectProviderError(maps.route(area.near, area.near, 'car'), {
      provider: 'yandex-router',
      secret: KEY,
    });
    expect(error.retryable).toBe(false);
  });
});

describe('Yandex geocoder placing a house', () => {
  const answer = (precision: string) => ({
    response: {
      GeoObjectCollection: {
        featureMember: [
          {
            GeoObject: {
              name: 'Тверская улица, 7',
              metaDataProperty: { GeocoderMetaData: { precision, kind: 'house' } },
              Point: { pos: '37.6129 55.7586' },
            },
          },
        ],
      },
    },
  });

  async function geocoder(precision: string) {
    fake = await startFakeProvider((request: ReceivedRequest) =>
      request.path === '/1.x/' ? { json: answer(precision) } : { status: 404, json: {} },
    );
    return createYandexMapsProvider({ apiKey: KEY, geocoderUrl: fake.baseUrl });
  }

  it('answers the point of that very house, asking with the town, street and house', async () => {
    const maps = await geocoder('exact');
    await expect(
      maps.locateHouse({ town: 'Москва', street: 'Тверская улица', house: '7' }, area),
    ).resolves.toEqual({
      lat: 55.7586,
      lon: 37.6129,
    });
    const query = fake!.requests[0].query;
    expect(query.get('geocode')).toBe('Москва, Тверская улица, 7');
    expect(query.get('apikey')).toBe(KEY);
    expect(query.get('rspn')).toBe('1');
  });

  it('answers null for a neighbour, a street or nothing found', async () => {
    for (const precision of ['number', 'near', 'street', 'other']) {
      const maps = await geocoder(precision);
      await expect(
        maps.locateHouse({ town: 'Москва', street: 'Тверская', house: '700' }, area),
      ).resolves.toBeNull();
      await fake?.close();
      fake = undefined;
    }
  });

  it('fails as a provider error on a broken answer, never showing the key', async () => {
    fake = await startFakeProvider(() => ({ status: 500, json: { message: 'boom' } }));
    const maps = createYandexMapsProvider({ apiKey: KEY, geocoderUrl: fake.baseUrl });
    await expectProviderError(maps.locateHouse({ town: 'Москва', street: 'Тверская', house: '7' }, area), {
      provider: 'yandex-geocoder',
      secret: KEY,
    });
  });
});
