/**
 * `POST /ajax/services/schedule/` (spec section 7 and section 5 'Slot lookups': "Services:
 * requires days, day_start, only_free, town_timedelta, a non-empty service list, each entry with
 * lpu_id and service_id (string or number)"). A service is named within its clinic by the
 * synonym id the directory uses, or by the clinic's own MIS id; `doctor_id` picks a doctor's line.
 */
import { z } from 'zod';
import {
  daysField,
  MAX_SLOT_ITEMS,
  oneTimedelta,
  SLOT_ERRORS,
  slotId,
  startField,
  timedeltas,
} from './call-schemas';

/** Services show a month (spec: 30 days for services, 14 for doctors and clinics). */
export const SERVICE_SCHEDULE_DAYS = 30;

/** Not in the spec's list of messages; worded like its neighbours. */
export const ONLY_FREE_MISSING = 'Не передан only_free';

/** A synonym id or a MIS id: digits and letters, as a string either way. */
export const ServiceKey = z
  .union([z.number().int().positive(), z.string().trim().min(1).max(40)], SLOT_ERRORS.services)
  .transform(String)
  .pipe(z.string().regex(/^[\w.-]+$/, SLOT_ERRORS.services));

export const ServicesScheduleSchema = z
  .object({
    days: daysField,
    day_start: startField,
    /** false: taken slots are listed too, marked `free: false`. */
    only_free: z.boolean(ONLY_FREE_MISSING),
    services: z
      .array(
        z.object({ lpu_id: slotId, service_id: ServiceKey, doctor_id: slotId.optional().nullable() }),
        SLOT_ERRORS.services,
      )
      .min(1, SLOT_ERRORS.services)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} услуг`),
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type ServicesScheduleBody = z.infer<typeof ServicesScheduleSchema>;
