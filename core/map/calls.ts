import { defineCall } from '../http/call';
import type {
  Address,
  AddressList,
  AddressQuery,
  MapTown,
  MapTownParams,
  RouteBody,
  RouteList,
} from './contracts';

/** The town's base layer and clinic pins. */
export const mapTown = defineCall<{ params: MapTownParams; reply: MapTown }>()(
  'GET',
  '/api/map/towns/:town/',
);

/** At most two addresses for what is typed in 'Адрес отправления'. */
export const mapSuggest = defineCall<{ query: AddressQuery; reply: AddressList }>()(
  'GET',
  '/api/map/suggest/',
);

/** The one best place for an address; 404 'Адрес не найден'. */
export const mapGeocode = defineCall<{ query: AddressQuery; reply: Address }>()('GET', '/api/map/geocode/');

/** Routes from a departure point to a clinic; 400 'Слишком далеко от клиники' from 100 km. */
export const mapRoute = defineCall<{ body: RouteBody; reply: RouteList }>()('POST', '/api/map/route/');
