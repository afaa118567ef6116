/**
 * Bodies of the online slot calls (spec section 7 'Directory and schedule'): one doctor's
 * telemedicine slots, and the online doctors' request whose times are in the patient's zone.
 * Field rules and messages are those of slots_bulk (call-schemas.ts).
 */
import { z } from 'zod';
import { VISIT_TYPES } from '../booking/urls';
import {
  daysField,
  MAX_SLOT_ITEMS,
  oneTimedelta,
  SLOT_ERRORS,
  slotId,
  startField,
  timedeltas,
} from './call-schemas';
import { isTimeZone } from './free-slots';

export const ONLINE_ERRORS = {
  doctorId: 'Не передан doctor_id',
  lpuId: 'Не передан lpu_id',
  lpuParams: 'Не передан lpu_params',
  timeZone: 'Некорректный часовой пояс',
} as const;

/** A real 'yyyy-MM-dd' (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day);
}

const required = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', message)
    .pipe(slotId);

/** `POST /ajax/schedule/slots_bulk/telemed/`: a doctor's online slots at a clinic. */
export const TelemedSlotsSchema = z
  .object({
    doctor_id: required(ONLINE_ERRORS.doctorId),
    lpu_id: required(ONLINE_ERRORS.lpuId),
    days: daysField,
    dt_start: startField,
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type TelemedSlotsBody = z.infer<typeof TelemedSlotsSchema>;

/**
 * `POST /ajax/schedule/slots_bulk/online/` (the spec's 'Online doctors' request, path not shown):
 * from the patient's today in their zone, for each clinic the doctors and the schedule type wanted.
 */
export const OnlineSlotsSchema = z
  .object({
    days: daysField,
    user_start_date: z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', SLOT_ERRORS.dtStart)
      .pipe(
        z
          .string(SLOT_ERRORS.dtStart)
          .regex(/^\d{4}-\d{2}-\d{2}$/, SLOT_ERRORS.dtStart)
          .refine(isCalendarDay, SLOT_ERRORS.dtStart),
      ),
    user_timezone: z.string(ONLINE_ERRORS.timeZone).refine(isTimeZone, ONLINE_ERRORS.timeZone),
    /** Only free slots (the default), or every slot with taken ones marked free: false. */
    only_free: z.boolean(SLOT_ERRORS.badRequest).default(true),
    lpu_params: z
      .array(
        z.object({
          lpu_id: slotId,
          schedule_params: z
            .array(
              z.object({
                doctor_id: slotId,
                type_schedule: z.enum(VISIT_TYPES, SLOT_ERRORS.badRequest).default('telemed'),
              }),
              ONLINE_ERRORS.lpuParams,
            )
            .min(1, ONLINE_ERRORS.lpuParams),
        }),
        ONLINE_ERRORS.lpuParams,
      )
      .min(1, ONLINE_ERRORS.lpuParams),
  })
  .refine(
    (body) => body.lpu_params.reduce((n, p) => n + p.schedule_params.length, 0) <= MAX_SLOT_ITEMS,
    `Не больше ${MAX_SLOT_ITEMS} врачей`,
  );
export type OnlineSlotsBody = z.infer<typeof OnlineSlotsSchema>;
