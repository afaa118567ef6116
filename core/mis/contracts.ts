import { z } from 'zod';
import { BOOKING_ERRORS } from '../booking/form';
import { VISIT_TYPES } from '../booking/urls';
import { CANCEL_REASON_MAX, STATUS_CHANGE_TEXTS } from '../cabinet/reception';
import { isCalendarDate, MAX_ID, textInput } from '../http/contracts';
import { MIS_KEY_LABEL_MAX, MIS_KEY_TEXTS, MIS_SCOPES } from './keys';
import { MIS_LIMITS, MIS_TEXTS, NOT_OFFERED_LISTED } from './push';

/**
 * The integration API for clinic software (MIS), `/api/mis/v1/` (docs/product/mis-api.md), and
 * the cabinet's calls that issue its keys. Field names are snake_case, as in the slot calls;
 * instants are ISO 8601 with an offset; days are the clinic's, 'yyyy-MM-dd'.
 */

const Day = z.string().refine((s) => isCalendarDate(s, 2000, 2099), 'Дата в виде yyyy-MM-dd');
const Id = z.number().int().positive().max(MAX_ID);
const MisId = z
  .string()
  .trim()
  .min(1, 'mis_id не может быть пустым')
  .max(64, 'mis_id не длиннее 64 символов')
  .regex(/^[\w.:/-]+$/, 'mis_id: латинские буквы, цифры и знаки . _ : / -');

export const MisSlotSchema = z.object({
  /** The slot's id in the clinic's software; told back with the visit booked in it. */
  mis_id: MisId.nullish(),
  starts_at: z.iso.datetime({ offset: true, message: 'starts_at: время ISO 8601 со смещением' }),
  duration_minutes: z
    .number()
    .int()
    .min(MIS_LIMITS.minDuration, `duration_minutes не меньше ${MIS_LIMITS.minDuration}`)
    .max(MIS_LIMITS.maxDuration, `duration_minutes не больше ${MIS_LIMITS.maxDuration}`),
  visit_type: z.enum(VISIT_TYPES).default('clinic'),
});

export const MisDoctorSlotsSchema = z
  .object({
    /** Our id of the doctor (GET /api/mis/v1/doctors/), or … */
    doctor_id: Id.optional(),
    /** … the id the clinic's software gave him (PUT /api/mis/v1/doctors/{id}/). */
    doctor_mis_id: MisId.optional(),
    slots: z
      .array(MisSlotSchema)
      .max(MIS_LIMITS.maxSlots, `Не больше ${MIS_LIMITS.maxSlots} слотов на врача`),
  })
  .refine((d) => (d.doctor_id === undefined) !== (d.doctor_mis_id === undefined), {
    message: 'Укажите врача: doctor_id или doctor_mis_id (одно из двух)',
  });

export const MisSlotsPushSchema = z.object({
  from: Day,
  to: Day,
  doctors: z
    .array(MisDoctorSlotsSchema)
    .min(1, 'Укажите хотя бы одного врача')
    .max(MIS_LIMITS.maxDoctors, `Не больше ${MIS_LIMITS.maxDoctors} врачей за запрос`),
});
export type MisSlotsPush = z.input<typeof MisSlotsPushSchema>;
export type MisSlotsPushRequest = z.output<typeof MisSlotsPushSchema>;

export const MisSlotsPushedSchema = z.object({
  from: z.string().describe('Первый день передачи (день клиники), как в запросе'),
  to: z.string().describe('Последний день передачи, как в запросе'),
  offered_until: z
    .string()
    .describe(
      'Последний день горизонта записи клиники (yyyy-MM-dd): пациентам предлагаются слоты до конца этого дня; более поздние сохранены и появятся, когда горизонт до них дойдёт',
    ),
  doctors: z.array(
    z.object({
      doctor_id: z.number().int().describe('Наш id врача'),
      added: z.number().int().describe('Слотов добавлено'),
      removed: z.number().int().describe('Слотов удалено (записи пациентов остаются)'),
      updated: z.number().int().describe('Слотов с новым mis_id или длительностью'),
      unchanged: z.number().int().describe('Слотов без изменений'),
      not_offered: z
        .array(
          z.object({
            starts_at: z.string().describe('Начало слота по часам клиники, ISO 8601 со смещением'),
            reason: z
              .enum(['past', 'beyond_horizon'])
              .describe('past — время уже наступило; beyond_horizon — за горизонтом записи клиники'),
          }),
        )
        .describe(
          `Сохранённые, но не предлагаемые пациентам слоты, ранние первыми (не больше ${NOT_OFFERED_LISTED})`,
        ),
      not_offered_count: z.number().int().describe('Всего таких слотов у врача'),
    }),
  ),
});
export type MisSlotsPushed = z.infer<typeof MisSlotsPushedSchema>;

export const MisDoctorSchema = z.object({
  doctor_id: z.number().int(),
  mis_id: z.string().nullable(),
  name: z.string(),
  /** The visit types the doctor sees patients in at this clinic. */
  visit_types: z.array(z.enum(VISIT_TYPES)),
  /** True once the clinic's software pushes his slots: only pushed slots are offered. */
  mis_schedule: z.boolean(),
  appointment_on: z.boolean(),
});
export type MisDoctor = z.infer<typeof MisDoctorSchema>;

export const MisDoctorsSchema = z.object({
  clinic: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The clinic's zone: its days, and the times in refusals. */
    tz: z.string(),
    /** Patients are offered times up to this many days ahead (today included). */
    booking_horizon_days: z.number().int(),
  }),
  doctors: z.array(MisDoctorSchema),
});
export type MisDoctors = z.infer<typeof MisDoctorsSchema>;

export const MisDoctorParamsSchema = z.object({
  id: z.coerce.number<number>().int().positive().max(MAX_ID),
});

export const MisDoctorBodySchema = z.object({
  /** The doctor's id in the clinic's software; null unlinks it. */
  mis_id: MisId.nullable().optional(),
  /** False hands the schedule back to the weekly hours set in the cabinet. */
  mis_schedule: z.boolean().optional(),
});
export type MisDoctorBody = z.input<typeof MisDoctorBodySchema>;

export const MisFeedQuerySchema = z.object({
  /** next_cursor of the previous page; from the beginning when left out. */
  since: z.string().max(40).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit не меньше 1')
    .max(MIS_LIMITS.maxPage, `limit не больше ${MIS_LIMITS.maxPage}`)
    .default(100),
});
export type MisFeedQuery = z.input<typeof MisFeedQuerySchema>;

export const MIS_APPOINTMENT_STATUSES = ['booked', 'canceled', 'done', 'no_show'] as const;

/**
 * Where the doctor goes on a home visit, as the patient gave it when booking on the site
 * (docs/product/visits.md): the parts for the clinic's software to keep, and the one line its
 * staff read. Optional parts the patient left empty are ''.
 */
export const MisHomeAddressSchema = z.object({
  line: z
    .string()
    .describe(
      'Адрес одной строкой: «ул. Ленина, д. 5, кв. 12, подъезд 2, этаж 3, домофон 12К» (без комментария)',
    ),
  street: z.string().describe('Улица'),
  house: z.string().describe('Дом, корпус'),
  flat: z.string().describe('Квартира; пустая строка, если не указана'),
  entrance: z.string().describe('Подъезд; пустая строка, если не указан'),
  floor: z.string().describe('Этаж; пустая строка, если не указан'),
  intercom: z.string().describe('Код домофона; пустая строка, если не указан'),
  note: z
    .string()
    .describe('Комментарий пациента для врача (может быть в несколько строк); пустая строка, если нет'),
  district: z
    .string()
    .nullable()
    .describe('Район города, выбранный пациентом; null — в городе нет списка районов'),
  lat: z.number().nullable().describe('Широта дома, если геокодер знает именно этот дом; иначе null'),
  lon: z.number().nullable().describe('Долгота дома, если геокодер знает именно этот дом; иначе null'),
});
export type MisHomeAddress = z.infer<typeof MisHomeAddressSchema>;

export const MisAppointmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(MIS_APPOINTMENT_STATUSES),
  doctor_id: z.number().int().nullable(),
  doctor_mis_id: z.string().nullable(),
  /** The price list's line of a service booking, and its id in the clinic's software. */
  service_id: z.number().int().nullable(),
  service_mis_id: z.string().nullable(),
  /** The pushed slot the visit was booked in. */
  slot_mis_id: z.string().nullable(),
  visit_type: z.enum(VISIT_TYPES),
  starts_at: z.string(),
  ends_at: z.string(),
  /**
   * A home visit's address (null for other visits, and for a home visit booked without one).
   * Optional: a repeated write's kept reply from before it was sent lacks it (ADR 041).
   */
  home_address: MisHomeAddressSchema.nullable()
    .optional()
    .describe(
      'Куда едет врач (visit_type home): адрес, который пациент указал при записи на сайте. null — у приёма в клинике и онлайн, и у вызова на дом, записанного без адреса (из кабинета или МИС)',
    ),
  /** The clinic's arrival window kept with a home visit, in minutes; null: at the booked time. */
  home_window_minutes: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Вызов на дом: врач приедет в течение стольких минут от starts_at (окно клиники на момент записи: 60, 120, 180 или 240); null — ко времени starts_at или не вызов на дом',
    ),
  patient: z.object({ name: z.string(), phone: z.string(), birth_date: z.string().nullable() }),
  /** Whole roubles: the agreed price, and what the patient prepaid on the site (a club coupon). */
  price: z.number().int().nullable(),
  prepaid: z.number().int().nullable(),
  confirmed: z.boolean(),
  canceled_by: z.enum(['patient', 'clinic']).nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
});
export type MisAppointment = z.infer<typeof MisAppointmentSchema>;

export const MisFeedSchema = z.object({
  appointments: z.array(MisAppointmentSchema),
  /** Pass as `since` next time; the same when nothing new has come. */
  next_cursor: z.string(),
  /** More rows wait past this page. */
  has_more: z.boolean(),
});
export type MisFeed = z.infer<typeof MisFeedSchema>;

/** A key as the cabinet lists it: never the key itself, which is shown once, when made. */
export const MisKeySchema = z.object({
  id: z.number().int(),
  /** 'mis_{prefix}_…': tells the keys apart. */
  prefix: z.string(),
  /** The clinic's name for it; null on a key made before labels. */
  label: z.string().nullable(),
  /** What it may do. */
  scopes: z.array(z.enum(MIS_SCOPES)),
  /** Made before scopes: it may do everything. */
  full: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type MisKey = z.infer<typeof MisKeySchema>;

export const MisKeysSchema = z.object({
  keys: z.array(MisKeySchema),
  limit: z.number().int(),
  /** The clinic's zone, for the dates shown. */
  tz: z.string(),
});
export type MisKeys = z.infer<typeof MisKeysSchema>;

/** Issuing a key: its name and what it may do. */
export const MisKeyBodySchema = z.object({
  label: textInput(MIS_KEY_TEXTS.labelRequired)
    .transform((x) => x.trim())
    .pipe(z.string().min(1, MIS_KEY_TEXTS.labelRequired).max(MIS_KEY_LABEL_MAX, MIS_KEY_TEXTS.labelLong)),
  scopes: z
    .array(z.enum(MIS_SCOPES, MIS_KEY_TEXTS.badScope), MIS_KEY_TEXTS.scopesRequired)
    .min(1, MIS_KEY_TEXTS.scopesRequired)
    .transform((list) => MIS_SCOPES.filter((s) => list.includes(s))),
});
export type MisKeyBody = z.input<typeof MisKeyBodySchema>;

export const MisKeyCreatedSchema = z.object({ key: MisKeySchema, secret: z.string() });
export type MisKeyCreated = z.infer<typeof MisKeyCreatedSchema>;

export const MisKeyParamsSchema = z.object({ id: z.coerce.number<number>().int().positive().max(MAX_ID) });

export { MIS_TEXTS };

// The MIS's writes of visits: each carries the MIS's idempotency key; a repeat of the key returns
// the first reply and does nothing again.

const IdempotencyKey = z
  .string(MIS_TEXTS.idempotencyKey)
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, MIS_TEXTS.idempotencyKey);
const Instant = z.iso.datetime({ offset: true, message: 'starts_at: время ISO 8601 со смещением' });
const Name = (required: string) =>
  textInput(required)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(50, BOOKING_ERRORS.nameLength));

export const MisVisitParamsSchema = z.object({ id: z.coerce.number<number>().int().positive().max(MAX_ID) });

export const MisCancelBodySchema = z.object({
  /** Why the clinic cancels; the patient reads it in the SMS. */
  reason: textInput(STATUS_CHANGE_TEXTS.reasonRequired)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(3, STATUS_CHANGE_TEXTS.reasonRequired)
        .max(CANCEL_REASON_MAX, STATUS_CHANGE_TEXTS.reasonTooLong),
    ),
  idempotency_key: IdempotencyKey,
});
export type MisCancelBody = z.input<typeof MisCancelBodySchema>;

export const MisMoveBodySchema = z.object({
  /** The new start, a time of the doctor's in the future. */
  starts_at: Instant,
  /** Another doctor of the clinic; the same doctor when left out. */
  doctor_id: Id.optional(),
  idempotency_key: IdempotencyKey,
});
export type MisMoveBody = z.input<typeof MisMoveBodySchema>;

export const MIS_MARKS = ['arrived', 'no_show'] as const;

export const MisMarkBodySchema = z.object({
  /** arrived: the patient came (status done); no_show: did not. Only once the visit has begun. */
  status: z.enum(MIS_MARKS, 'status: arrived или no_show'),
  idempotency_key: IdempotencyKey,
});
export type MisMarkBody = z.input<typeof MisMarkBodySchema>;

export const MisBookBodySchema = z.object({
  doctor_id: Id,
  /** The start, a time of the doctor's in the future (his pushed slot's length, else his usual). */
  starts_at: Instant,
  visit_type: z.enum(VISIT_TYPES).default('clinic'),
  patient: z.object({
    /** 11 digits, 79XXXXXXXXX: the patient's account is found by it, or made. */
    phone: z.string(MIS_TEXTS.badPhone).regex(/^79\d{9}$/, MIS_TEXTS.badPhone),
    last_name: Name(BOOKING_ERRORS.lastName),
    first_name: Name(BOOKING_ERRORS.firstName),
    patronymic: Name(BOOKING_ERRORS.nameLength).optional(),
    birth_date: z
      .string(BOOKING_ERRORS.birthDate)
      .refine((s) => isCalendarDate(s, 1900, 2100), BOOKING_ERRORS.birthDateWrong),
  }),
  idempotency_key: IdempotencyKey,
});
export type MisBookBody = z.input<typeof MisBookBodySchema>;
export type MisBookRequest = z.output<typeof MisBookBodySchema>;
