import { haversineKm, type Point } from '../geo/distance';
import { plural, WORDS } from '../text/plural';

/** Clusters: supercluster's radius in screen pixels, one grid cell. */
export const CLUSTER_RADIUS_PX = 128;
/** A lone clinic (or a pin chosen from a list) is shown at this zoom. */
export const SINGLE_CLINIC_ZOOM = 15;
/** The furthest a departure point may be from the clinic. */
export const ROUTE_ORIGIN_LIMIT_KM = 100;
/** Providers search a route's departure within this radius of the clinic, in metres. */
export const ROUTE_SEARCH_RADIUS_M = 100_000;
/** Address suggestions under the departure field. */
export const SUGGEST_LIMIT = 2;
/** Transport lines listed per route step before 'и др.'. */
export const TRANSPORT_NAMES_LIMIT = 11;

export const MAP_TEXTS = {
  open: 'Показать на карте',
  plan: 'Проложить маршрут',
  from: 'Откуда поедем?',
  fromLabel: 'Адрес отправления',
  cancel: 'Отменить',
  notFound: 'Адрес не найден',
  tooFar: 'Слишком далеко от клиники',
  toRoutes: 'К списку маршрутов',
  reset: 'Сбросить маршрут',
  closeMap: 'Закрыть карту',
  car: 'На машине',
  transit: 'На общественном транспорте',
  approximate: 'примерно',
  noWebgl: 'Карта не может быть показана в этом браузере. Адреса клиник — в списке.',
  geolocate: 'Определить моё местоположение',
  geolocateFailed: 'Не удалось определить местоположение',
} as const;

/** 1 клиника, 3 клиники, 5 клиник, 11 клиник, 21 клиника, 112 клиник. */
export const clinicCountText = (count: number): string => plural(count, WORDS.clinic);

/** The lines of a transit step: at most 11 names, then 'и др.' ('А, Б, … и др.'). */
export function transportNamesText(names: readonly string[]): string {
  if (names.length <= TRANSPORT_NAMES_LIMIT) return names.join(', ');
  return `${names.slice(0, TRANSPORT_NAMES_LIMIT).join(', ')} и др.`;
}

/** A departure point must be closer than 100 km to the clinic. */
export function isTooFarFromClinic(from: Point, clinic: Point): boolean {
  return haversineKm(from, clinic) >= ROUTE_ORIGIN_LIMIT_KM;
}

/** Links that open the same route in the big map services (they draw it on real streets). */
export function externalRouteLinks(from: Point, to: Point, mode: 'car' | 'transit') {
  const yandexMode = mode === 'car' ? 'auto' : 'mt';
  const twoGisMode = mode === 'car' ? 'car' : 'bus';
  return {
    yandex: `https://yandex.ru/maps/?rtext=${from.lat},${from.lon}~${to.lat},${to.lon}&rtt=${yandexMode}`,
    twoGis: `https://2gis.ru/directions/points/${from.lon},${from.lat}|${to.lon},${to.lat}?m=${twoGisMode}`,
  };
}

/**
 * A route to the clinic from wherever the patient is (the visit's page): Yandex Maps takes the
 * departure from the device's location when `rtext` starts with '~'. By car; the patient may
 * switch the mode there.
 */
export function routeToLink(to: Point): string {
  return `https://yandex.ru/maps/?rtext=~${to.lat},${to.lon}&rtt=auto`;
}

/** '25 мин', '1 ч 5 мин'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} ч ${rest} мин` : `${hours} ч`;
}
