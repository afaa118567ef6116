/**
 * The slot calls' contracts: the bodies (with the developer messages for bad input that the
 * product note docs/product/schedule-and-booking.md lists) and the replies. Limits and windows
 * are in limits.ts, which widgets may import without loading zod.
 */
import { z } from 'zod';
import { VISIT_TYPES } from '../booking/urls';
import { isCalendarDate, MAX_ID, textInput } from '../http/contracts';
import { isTimeZone } from './free-slots';
import { MAX_SLOT_DAYS, MAX_SLOT_ITEMS } from './limits';

export const SLOT_ERRORS = {
  days: 'Не передано количество дней',
  dtStart: 'Не передана стартовая дата',
  doctorsLpus: 'Не передан doctors_lpus',
  timedelta: 'Не передан timedelta',
  severalTimedeltas: 'Передано несколько timedelta',
  lpusSpecialities: 'Не передан lpus_specialities',
  services: 'Не передан services',
  badRequest: 'Данные для запроса некорректны',
  /** Worded like its neighbours. */
  onlyFree: 'Не передан only_free',
} as const;

export const ONLINE_ERRORS = {
  doctorId: 'Не передан doctor_id',
  lpuId: 'Не передан lpu_id',
  lpuParams: 'Не передан lpu_params',
  timeZone: 'Некорректный часовой пояс',
} as const;

/**
 * A database id as our pages send it: a number (other clients may send a numeric string). The
 * same rule as IdSchema (core/http/contracts.ts), typed by what a client sends so that the
 * calls' bodies are.
 */
export const ClientIdSchema = z.coerce.number<number>().int().positive().max(MAX_ID);

/**
 * A value that must be there: the message when it is missing, then its own schema. A client
 * sends what the schema gives (a number of days, a date).
 */
const required = <Sent>(message: string, schema: z.ZodType<Sent, Sent>) =>
  z.custom<Sent>((v) => v !== undefined && v !== null && v !== '', message).pipe(schema);

/** `days`: required, 1…MAX_SLOT_DAYS. */
const daysField = required(
  SLOT_ERRORS.days,
  z.coerce
    .number<number>(SLOT_ERRORS.days)
    .int(SLOT_ERRORS.days)
    .min(1, SLOT_ERRORS.days)
    .max(MAX_SLOT_DAYS, `Не больше ${MAX_SLOT_DAYS} дней`),
);
/** A first day of slots: a real calendar date of this century (schedules live only in it). */
const isSlotDay = (day: string) => isCalendarDate(day, 2000, 2099);

/** The first day: required 'yyyy-MM-dd', or an ISO date-time whose date part is taken. */
const startField = required(
  SLOT_ERRORS.dtStart,
  textInput(SLOT_ERRORS.dtStart)
    .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, SLOT_ERRORS.dtStart)
    .transform((s) => s.slice(0, 10))
    .refine(isSlotDay, SLOT_ERRORS.dtStart),
);

const timedelta = z.coerce.number<number>().int().min(-12).max(14);
/**
 * Hours from UTC: the town's, the clinic's or the patient's (exactly one, `oneTimedelta`). Only
 * the patient's changes the answer: its times are then in that offset.
 */
const timedeltas = {
  town_timedelta: timedelta.optional(),
  lpu_timedelta: timedelta.optional(),
  user_timedelta: timedelta.optional(),
};
const TIMEDELTA_KEYS = ['town_timedelta', 'lpu_timedelta', 'user_timedelta'] as const;

function oneTimedelta(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  const given = TIMEDELTA_KEYS.filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length === 0) ctx.addIssue({ code: 'custom', message: SLOT_ERRORS.timedelta });
  if (given.length > 1) ctx.addIssue({ code: 'custom', message: SLOT_ERRORS.severalTimedeltas });
}

/** `POST /ajax/schedule/slots_bulk/`: doctors at clinics. */
export const SlotsBulkSchema = z
  .object({
    days: daysField,
    dt_start: startField,
    doctors_lpus: z
      .array(z.object({ doctor_id: ClientIdSchema, lpu_id: ClientIdSchema }), SLOT_ERRORS.doctorsLpus)
      .min(1, SLOT_ERRORS.doctorsLpus)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} врачей`),
    ...timedeltas,
    /** Every slot, taken ones marked `free: false`. */
    all_slots: z.boolean().optional(),
    /** The appointment type's schedule; the clinic's by default. */
    type_schedule: z.enum(VISIT_TYPES, SLOT_ERRORS.badRequest).optional(),
  })
  .superRefine(oneTimedelta);
export type SlotsBulkRequest = z.input<typeof SlotsBulkSchema>;

/**
 * `POST /ajax/schedule/slots_bulk_by_specialities/`: a clinic card's slots for a speciality,
 * whichever of the clinic's doctors of it is free. `name` and `translit` of the speciality come
 * along from the page and are not needed here.
 */
export const SlotsBySpecialitiesSchema = z
  .object({
    days: daysField,
    dt_start: startField,
    lpus_specialities: z
      .array(
        z.object({
          lpu_id: ClientIdSchema,
          speciality_id: ClientIdSchema,
          name: textInput().optional(),
          translit: textInput().optional(),
        }),
        SLOT_ERRORS.lpusSpecialities,
      )
      .min(1, SLOT_ERRORS.lpusSpecialities)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} клиник`),
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type SlotsBySpecialitiesRequest = z.input<typeof SlotsBySpecialitiesSchema>;

/** A service within its clinic: the directory's synonym id or the clinic's MIS id, a string either way. */
export const ServiceKeySchema = z
  .union([z.number().int().positive(), textInput().trim().min(1).max(40)], SLOT_ERRORS.services)
  .transform(String)
  .pipe(z.string().regex(/^[\w.-]+$/, SLOT_ERRORS.services));

/**
 * `POST /ajax/services/schedule/`: slot-booked lines of clinics' price lists, each named by its
 * clinic and service key; `doctor_id` picks a doctor's line.
 */
export const ServicesScheduleSchema = z
  .object({
    days: daysField,
    day_start: startField,
    /** false: taken slots are listed too, marked `free: false`. */
    only_free: z.boolean(SLOT_ERRORS.onlyFree),
    services: z
      .array(
        z.object({
          lpu_id: ClientIdSchema,
          service_id: ServiceKeySchema,
          doctor_id: ClientIdSchema.optional().nullable(),
        }),
        SLOT_ERRORS.services,
      )
      .min(1, SLOT_ERRORS.services)
      .max(MAX_SLOT_ITEMS, `Не больше ${MAX_SLOT_ITEMS} услуг`),
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type ServicesScheduleRequest = z.input<typeof ServicesScheduleSchema>;

/** `POST /ajax/schedule/slots_bulk/telemed/`: a doctor's online slots at a clinic. */
export const TelemedSlotsSchema = z
  .object({
    doctor_id: required(ONLINE_ERRORS.doctorId, ClientIdSchema),
    lpu_id: required(ONLINE_ERRORS.lpuId, ClientIdSchema),
    days: daysField,
    dt_start: startField,
    ...timedeltas,
  })
  .superRefine(oneTimedelta);
export type TelemedSlotsRequest = z.input<typeof TelemedSlotsSchema>;

/**
 * `POST /ajax/schedule/slots_bulk/online/` (the online doctors' list): from the patient's today
 * in their zone, for each clinic the doctors and the schedule type wanted.
 */
export const OnlineSlotsSchema = z
  .object({
    days: daysField,
    user_start_date: required(
      SLOT_ERRORS.dtStart,
      z.string(SLOT_ERRORS.dtStart).refine(isSlotDay, SLOT_ERRORS.dtStart),
    ),
    user_timezone: textInput(ONLINE_ERRORS.timeZone).refine(isTimeZone, ONLINE_ERRORS.timeZone),
    /** Only free slots (the default), or every slot with taken ones marked free: false. */
    only_free: z.boolean(SLOT_ERRORS.badRequest).default(true),
    lpu_params: z
      .array(
        z.object({
          lpu_id: ClientIdSchema,
          schedule_params: z
            .array(
              z.object({
                doctor_id: ClientIdSchema,
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
export type OnlineSlotsRequest = z.input<typeof OnlineSlotsSchema>;
export type OnlineSlotsBody = z.output<typeof OnlineSlotsSchema>;

// Replies.

/** A slot: 'HH:mm' and minutes; with every slot asked for, `free: false` marks a taken one. */
export const MarkedSlotSchema = z.object({
  time: z.string(),
  duration: z.number(),
  free: z.boolean().optional(),
});
export type MarkedSlot = z.infer<typeof MarkedSlotSchema>;

/** 'yyyy-MM-dd' → that day's slots. */
export const MarkedDaysSchema = z.record(z.string(), z.array(MarkedSlotSchema));
export type MarkedDays = z.infer<typeof MarkedDaysSchema>;

/** A doctor at a clinic in the slots_bulk reply. */
export const DoctorSlotsSchema = z.object({
  lpu_id: z.number(),
  doctor_id: z.number(),
  /** Whether the clinic takes bookings of this doctor at all (with no slots: the express button). */
  appointment_on: z.boolean(),
  slots: MarkedDaysSchema,
});
export type DoctorSlots = z.infer<typeof DoctorSlotsSchema>;
export const DoctorSlotsListSchema = z.array(DoctorSlotsSchema);

/** A clinic's slot for a speciality and the doctors free at that time. */
export const SpecialitySlotSchema = z.object({
  time: z.string(),
  duration: z.number(),
  doctor_ids: z.array(z.number()),
});
export type SpecialitySlot = z.infer<typeof SpecialitySlotSchema>;

export const SpecialitySlotsSchema = z.object({
  lpu_id: z.number(),
  speciality_id: z.number(),
  slots: z.record(z.string(), z.array(SpecialitySlotSchema)),
});
export type SpecialitySlots = z.infer<typeof SpecialitySlotsSchema>;
export const SpecialitySlotsListSchema = z.array(SpecialitySlotsSchema);

/** A price-list line in the services schedule reply, with what the widget needs to choose what to show. */
export const ServiceSlotsSchema = z.object({
  lpu_id: z.number(),
  /** As asked: a synonym id or the clinic's MIS id. */
  service_id: z.string(),
  doctor_id: z.number().optional(),
  /** The directory's id of the service found (null: the clinic has no such line). */
  synonym_id: z.number().nullable(),
  appointment_on: z.boolean(),
  has_intervals: z.boolean(),
  is_available_appointment_direct: z.boolean(),
  /** A slot of it first shows the preliminary-consultation notice. */
  requires_primary_consultation: z.boolean(),
  slots: MarkedDaysSchema,
});
export type ServiceSlots = z.infer<typeof ServiceSlotsSchema>;
export const ServiceSlotsListSchema = z.array(ServiceSlotsSchema);

/** A date of the telemedicine reply and its slots (taken ones `free: false`). */
export const TelemedDaySchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ time_start: z.string(), free: z.boolean(), duration: z.number() })),
});
export type TelemedDay = z.infer<typeof TelemedDaySchema>;
export const TelemedDaysSchema = z.array(TelemedDaySchema);

/** The online doctors' reply: per clinic, each doctor's schedule in the patient's zone. */
export const OnlineClinicSlotsSchema = z.object({
  lpu_id: z.number(),
  schedule_data: z.array(
    z.object({
      doctor_id: z.number(),
      type_schedule: z.enum(VISIT_TYPES),
      /** 'yyyy-MM-dd' in the patient's zone → slots, times there too. */
      schedule: MarkedDaysSchema,
    }),
  ),
});
export type OnlineClinicSlots = z.infer<typeof OnlineClinicSlotsSchema>;
export const OnlineClinicSlotsListSchema = z.array(OnlineClinicSlotsSchema);
