import { defineCall } from '../http/call';
import type { Effectiveness, EffectivenessQuery, PageEventBody } from './contracts';

/** A doctor's or clinic's page tells that it was opened, or that its phone was pressed (a beacon). */
export const pageEvent = defineCall<{ body: PageEventBody; reply: null }>()('POST', '/ajax/page_stats/');

/** The signed-in doctor's or clinic's page effectiveness, day by day. */
export const cabinetEffectiveness = defineCall<{ query: EffectivenessQuery; reply: Effectiveness }>()(
  'GET',
  '/cabinet/ajax/effectiveness/',
);
