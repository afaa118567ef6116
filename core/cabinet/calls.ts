import { defineCall } from '../http/call';
import type { Reception, ReceptionQuery } from './contracts';

/** The signed-in doctor's or clinic's visits of a day or a week. */
export const cabinetReception = defineCall<{ query: ReceptionQuery; reply: Reception }>()(
  'GET',
  '/cabinet/ajax/appointments/',
);
