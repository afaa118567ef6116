import { defineCall } from '../http/call';
import type {
  AddressSchedule,
  AddressScheduleQuery,
  ClinicDoctorsList,
  ClinicDoctorsQuery,
  PriceListPage,
  PriceListQuery,
} from './contracts';

/** One page of a clinic's price list, searched by text or by category, or online lines only. */
export const priceList = defineCall<{ query: PriceListQuery; reply: PriceListPage }>()(
  'GET',
  '/ajax/lpu/services/',
);

/** The clinic doctors page's filtered list (the filters are the page's URL hash). */
export const clinicDoctors = defineCall<{
  params: { id: number };
  query: ClinicDoctorsQuery;
  reply: ClinicDoctorsList;
}>()('GET', '/ajax/lpu/:id/doctors/');

/** The week of one of the clinic's addresses, for the address tooltip and panel. */
export const addressSchedule = defineCall<{
  params: { id: number };
  query: AddressScheduleQuery;
  reply: AddressSchedule;
}>()('GET', '/ajax/lpu/:id/schedule/');

/** The clinic's visiting rules ('Правила посещения'). */
export const covidRules = defineCall<{ params: { id: number }; reply: string[] }>()(
  'GET',
  '/ajax/lpu/:id/covid_rules/',
);

/**
 * The archived promotions popup's body: an HTML fragment whose page links are real URLs of
 * this call (the popup fetches them in place).
 */
export const promotionsArchive = defineCall<{
  params: { id: number };
  query: { page?: number };
  reply: string;
}>()('GET', '/ajax/lpu/:id/promotions/archive/');
