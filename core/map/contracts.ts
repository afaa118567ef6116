/**
 * The map's shapes (docs/product/map.md): the town's base layer and clinic pins, address
 * suggestions, geocoding and routes. The browser asks only our origin; the server asks the
 * configured maps provider.
 */
import { z } from 'zod';
import { MAP_TEXTS } from './rules';

const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
export const MapPointSchema = z.object({ lat, lon });
export type MapPoint = z.infer<typeof MapPointSchema>;

/** A clinic pin: the panel shows its name (linked), address and phone. */
export const MapClinicSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  href: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type MapClinic = z.infer<typeof MapClinicSchema>;

export const MapTownParamsSchema = z.object({
  town: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Город не найден'),
});
export type MapTownParams = z.infer<typeof MapTownParamsSchema>;

/**
 * What the offline base layer is drawn from, all of it our own data: the area our clinics
 * cover (their convex hull), metro stations placed where their clinics are, the town centre.
 */
export const MapTownSchema = z.object({
  town: z.object({ name: z.string(), lat: z.number(), lon: z.number() }),
  /** [lon, lat] ring of the area our clinics cover; empty with fewer than three clinics. */
  area: z.array(z.tuple([z.number(), z.number()])),
  metro: z.array(z.object({ name: z.string(), lat: z.number(), lon: z.number() })),
  clinics: z.array(MapClinicSchema),
  /** 'dev': our own base layer and straight-line routes; otherwise the provider's name. */
  provider: z.string(),
});
export type MapTown = z.infer<typeof MapTownSchema>;

export const AddressQuerySchema = z.object({
  town: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Город не найден'),
  q: z.string().trim().min(1, MAP_TEXTS.notFound).max(200, 'Слишком длинный адрес'),
});
export type AddressQuery = z.input<typeof AddressQuerySchema>;

export const AddressSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = z.object({ items: z.array(AddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const ROUTE_MODES = ['car', 'transit'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

export const RouteBodySchema = z.object({
  from: MapPointSchema,
  to: MapPointSchema,
  mode: z.enum(ROUTE_MODES, 'Выберите способ передвижения'),
});
export type RouteBody = z.input<typeof RouteBodySchema>;

export const RouteStepSchema = z.object({
  text: z.string(),
  /** Lines of a public transport step ('м. Сокол', 'А 105'…); empty for walking and driving. */
  transport: z.array(z.string()),
});

export const RouteSchema = z.object({
  mode: z.enum(ROUTE_MODES),
  distanceM: z.number(),
  durationS: z.number(),
  /** A straight line with an estimated time, not a path along real streets. */
  approximate: z.boolean(),
  /** [lon, lat] points to draw. */
  line: z.array(z.tuple([z.number(), z.number()])),
  steps: z.array(RouteStepSchema),
});
export type Route = z.infer<typeof RouteSchema>;

export const RouteListSchema = z.object({
  routes: z.array(RouteSchema),
  links: z.object({ yandex: z.string(), twoGis: z.string() }),
});
export type RouteList = z.infer<typeof RouteListSchema>;
