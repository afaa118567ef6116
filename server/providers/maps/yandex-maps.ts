import type { Address, MapPoint, Route, RouteMode } from '../../../core/map/contracts';
import { isRecord, requestProviderJson } from '../http';
import { ProviderError } from '../provider-error';
import type { MapsProvider, SearchArea } from './maps-provider';

export interface YandexMapsOptions {
  apiKey: string;
  /** Base URLs of the three APIs (tests point them at a local fake). */
  geocoderUrl?: string;
  suggestUrl?: string;
  routerUrl?: string;
}

const KM_PER_DEGREE = 111.32;

/**
 * Yandex's HTTP APIs: the Geocoder (`/1.x/`), Suggest (`/v1/suggest`, whose titles are then
 * geocoded, since it gives no coordinates) and the Router (`/v2/route`, driving and transit).
 */
export function createYandexMapsProvider(options: YandexMapsOptions): MapsProvider {
  const { apiKey } = options;
  const geocoderUrl = options.geocoderUrl ?? 'https://geocode-maps.yandex.ru';
  const suggestUrl = options.suggestUrl ?? 'https://suggest-maps.yandex.ru';
  const routerUrl = options.routerUrl ?? 'https://api.routing.yandex.net';
  const get = (provider: string, url: string) =>
    requestProviderJson({ provider, method: 'GET', url, secrets: [apiKey] });
  const span = (area: SearchArea) => {
    const degrees = ((area.radiusM / 1000) * 2) / KM_PER_DEGREE;
    return `${degrees.toFixed(4)},${degrees.toFixed(4)}`;
  };

  const geocode = async (text: string, area: SearchArea): Promise<Address | null> => {
    const query = new URLSearchParams({
      apikey: apiKey,
      geocode: text,
      format: 'json',
      lang: 'ru_RU',
      results: '1',
      ll: `${area.near.lon},${area.near.lat}`,
      spn: span(area),
    });
    const body = await get('yandex-geocoder', `${geocoderUrl}/1.x/?${query}`);
    const members = dig(body, ['response', 'GeoObjectCollection', 'featureMember']);
    if (!Array.isArray(members))
      throw new ProviderError('yandex-geocoder', 'unexpected answer', { retryable: false });
    const object = dig(members[0], ['GeoObject']);
    const pos = dig(object, ['Point', 'pos']);
    if (!isRecord(object) || typeof pos !== 'string') return null;
    const [lon, lat] = pos.split(' ').map(Number);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    return { title: String(object.name ?? text), subtitle: String(object.description ?? ''), lat, lon };
  };

  return {
    name: 'yandex',
    geocode,
    // The Geocoder's precision 'exact' is that very house; 'number', 'near', 'street' and the
    // rest are a neighbour, a street or a town: no point then (ADR 042).
    async locateHouse({ town, street, house }, area) {
      const query = new URLSearchParams({
        apikey: apiKey,
        geocode: `${town}, ${street}, ${house}`,
        format: 'json',
        lang: 'ru_RU',
        results: '1',
        ll: `${area.near.lon},${area.near.lat}`,
        spn: span(area),
        rspn: '1',
      });
      const body = await get('yandex-geocoder', `${geocoderUrl}/1.x/?${query}`);
      const members = dig(body, ['response', 'GeoObjectCollection', 'featureMember']);
      if (!Array.isArray(members))
        throw new ProviderError('yandex-geocoder', 'unexpected answer', { retryable: false });
      const object = dig(members[0], ['GeoObject']);
      const precision = dig(object, ['metaDataProperty', 'GeocoderMetaData', 'precision']);
      const pos = dig(object, ['Point', 'pos']);
      if (precision !== 'exact' || typeof pos !== 'string') return null;
      const [lon, lat] = pos.split(' ').map(Number);
      return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
    },
    async suggest(text, area, limit) {
      const query = new URLSearchParams({
        apikey: apiKey,
        text,
        lang: 'ru',
        results: String(limit),
        ll: `${area.near.lon},${area.near.lat}`,
        spn: span(area),
        strict_bounds: '1',
      });
      const body = await get('yandex-suggest', `${suggestUrl}/v1/suggest?${query}`);
      const results = isRecord(body) && Array.isArray(body.results) ? body.results : [];
      const suggestions = results
        .map((r) => ({ title: dig(r, ['title', 'text']), subtitle: dig(r, ['subtitle', 'text']) }))
        .filter((r): r is { title: string; subtitle: string | undefined } => typeof r.title === 'string')
        .slice(0, limit);
      const found = await Promise.all(
        suggestions.map(async ({ title, subtitle }) => {
          const subtitleText = typeof subtitle === 'string' ? subtitle : '';
          const place = await geocode(subtitleText ? `${subtitleText}, ${title}` : title, area);
          return place && { ...place, title, subtitle: subtitleText };
        }),
      );
      return found.filter((a): a is Address => Boolean(a));
    },
    async route(from, to, mode) {
      const query = new URLSearchParams({
        apikey: apiKey,
        waypoints: `${from.lat},${from.lon}|${to.lat},${to.lon}`,
        mode: mode === 'car' ? 'driving' : 'transit',
      });
      const body = await get('yandex-router', `${routerUrl}/v2/route?${query}`);
      return routesOf(body, mode);
    },
  };
}

/**
 * The Router's answer: `route.legs[].steps[]` with `length` (m), `duration` (s), `mode`
 * ('walking', 'driving', 'transit'), `polyline.points` as [lat, lon] and, for transit steps,
 * `transports[].name`. Alternatives come in `alternatives[]` of the same shape.
 */
function routesOf(body: unknown, mode: RouteMode): Route[] {
  if (!isRecord(body)) throw new ProviderError('yandex-router', 'unexpected answer', { retryable: false });
  const candidates = [body.route, ...(Array.isArray(body.alternatives) ? body.alternatives : [])].filter(
    isRecord,
  );
  return candidates.flatMap((candidate) => {
    const legs = Array.isArray(candidate.legs) ? candidate.legs.filter(isRecord) : [];
    if (legs.length === 0 || legs.some((leg) => leg.status !== 'OK')) return [];
    const steps = legs.flatMap((leg) => (Array.isArray(leg.steps) ? leg.steps.filter(isRecord) : []));
    const line: [number, number][] = steps.flatMap((step) => {
      const points = dig(step, ['polyline', 'points']);
      return Array.isArray(points)
        ? points
            .filter((p): p is [number, number] => Array.isArray(p) && p.length >= 2)
            .map(([lat, lon]) => [Number(lon), Number(lat)] as [number, number])
        : [];
    });
    return [
      {
        mode,
        distanceM: Math.round(steps.reduce((sum, s) => sum + (Number(s.length) || 0), 0)),
        durationS: Math.round(steps.reduce((sum, s) => sum + (Number(s.duration) || 0), 0)),
        approximate: false,
        line,
        steps: mode === 'transit' ? steps.map(stepOf) : [],
      },
    ];
  });
}

function stepOf(step: Record<string, unknown>) {
  const transports = Array.isArray(step.transports) ? step.transports : [];
  const names = transports.map((t) => dig(t, ['name'])).filter((n): n is string => typeof n === 'string');
  const minutes = Math.max(1, Math.round((Number(step.duration) || 0) / 60));
  const text =
    step.mode === 'walking'
      ? `Пешком ${minutes} мин`
      : `${names.length ? 'Транспорт' : 'В пути'} ${minutes} мин`;
  return { text, transport: names };
}

function dig(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

export type { MapPoint };
