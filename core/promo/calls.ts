import { defineCall } from '../http/call';
import type { AwardYear, AwardYearBody } from './contracts';

/** A year of the annual award as staff edit it: its calendar and each phase's content. */
export const getAwardYear = defineCall<{ params: { year: number }; reply: AwardYear }>()(
  'GET',
  '/ajax/promo/award/:year/',
);

/** Saves (creates or replaces) a year of the award; staff only. */
export const saveAwardYear = defineCall<{
  params: { year: number };
  body: AwardYearBody;
  reply: AwardYear;
}>()('PUT', '/ajax/promo/award/:year/');
