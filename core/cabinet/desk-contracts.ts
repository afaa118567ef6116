/**
 * The front desk's calls (docs/product/front-desk.md): a booking made in the cabinet, moving and
 * confirming a visit, and blocks of a doctor's time. Times in replies are ISO instants; a body's
 * slot is the booking call's 'dd.MM.yyyy HH:mm' on the clinic's clock.
 */
import { z } from 'zod';
import { BOOKING_ERRORS } from '../booking/form';
import { VISIT_TYPES } from '../booking/urls';
import { isCalendarDate, textInput } from '../http/contracts';
import { ClientIdSchema } from '../schedule/contracts';
import { DESK_REASON_MAX, DESK_TEXTS } from './desk';

const personName = (required: string) =>
  textInput(required)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(50, BOOKING_ERRORS.nameLength));

const reason = (required: string) =>
  textInput(required)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, required).max(DESK_REASON_MAX, DESK_TEXTS.reasonLong));

/**
 * A booking at the desk: the booking body's time fields (`doctor_id`, `lpu_id`, `slot`, `type`)
 * and the patient, found or created by phone. `overbook` books over another visit on purpose
 * (a clinic administrator's, with `overbook_reason`).
 */
export const DeskBookingBodySchema = z
  .object({
    doctor_id: ClientIdSchema,
    lpu_id: ClientIdSchema,
    slot: textInput(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
    type: z.enum(VISIT_TYPES).default('clinic'),
    /** 10 digits without the country code, a mobile number. */
    patient_phone: textInput(DESK_TEXTS.badPhone).regex(/^9\d{9}$/, DESK_TEXTS.badPhone),
    last_name: personName(BOOKING_ERRORS.lastName),
    first_name: personName(BOOKING_ERRORS.firstName),
    patronymic: textInput()
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .pipe(z.string().max(50, BOOKING_ERRORS.nameLength))
      .default(''),
    birth_date: textInput(BOOKING_ERRORS.birthDate).refine(
      (s) => isCalendarDate(s, 1900, 2100),
      BOOKING_ERRORS.birthDateWrong,
    ),
    overbook: z.boolean().default(false),
    overbook_reason: reason(DESK_TEXTS.overbookReasonRequired).optional(),
  })
  .refine((b) => !b.overbook || b.overbook_reason !== undefined, {
    message: DESK_TEXTS.overbookReasonRequired,
    path: ['overbook_reason'],
  });
export type DeskBookingRequest = z.input<typeof DeskBookingBodySchema>;
export type DeskBookingBody = z.output<typeof DeskBookingBodySchema>;

/** The visit a desk call made or changed, as its reply names it. */
export const DeskVisitSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The zone of the clinic: the times are shown there. */
  tz: z.string(),
  /** Booked over another visit on purpose. */
  overbooked: z.boolean(),
  confirmed: z.boolean(),
  doctor: z.object({ id: z.number().int(), name: z.string() }),
  patient: z.object({ id: z.number().int().nullable(), name: z.string(), phone: z.string() }),
});
export type DeskVisit = z.infer<typeof DeskVisitSchema>;

export const DeskBookedSchema = z.object({ visit: DeskVisitSchema });
export type DeskBooked = z.infer<typeof DeskBookedSchema>;

/** Moves a visit to another time, of the same doctor or (`doctor_id`) another of the clinic. */
export const DeskMoveBodySchema = z.object({
  slot: textInput(BOOKING_ERRORS.slot).min(1, BOOKING_ERRORS.slot),
  doctor_id: ClientIdSchema.optional(),
});
export type DeskMoveRequest = z.input<typeof DeskMoveBodySchema>;
export type DeskMoveBody = z.output<typeof DeskMoveBodySchema>;

/**
 * A block: a range of a doctor's time at the clinic taken out of every channel's free times.
 * Its edges are ISO instants with an offset, or the clinic's wall clock 'yyyy-MM-ddTHH:mm'.
 */
export const BlockBodySchema = z.object({
  doctor_id: ClientIdSchema,
  lpu_id: ClientIdSchema,
  starts_at: textInput(DESK_TEXTS.badTime).min(1, DESK_TEXTS.badTime).max(40, DESK_TEXTS.badTime),
  ends_at: textInput(DESK_TEXTS.badTime).min(1, DESK_TEXTS.badTime).max(40, DESK_TEXTS.badTime),
  reason: reason(DESK_TEXTS.blockReasonRequired),
});
export type BlockRequest = z.input<typeof BlockBodySchema>;
export type BlockBody = z.output<typeof BlockBodySchema>;

export const BlockSchema = z.object({
  id: z.number().int(),
  doctor: z.object({ id: z.number().int(), name: z.string() }),
  lpu_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  tz: z.string(),
  reason: z.string(),
});
export type Block = z.infer<typeof BlockSchema>;

/** The blocks of the clinic (or one doctor) from a day ('yyyy-MM-dd', the clinic's; today by default), `days` days on. */
export const BlocksQuerySchema = z.object({
  doctor: ClientIdSchema.optional(),
  from: z
    .string()
    .refine((s) => isCalendarDate(s, 2000, 2099), DESK_TEXTS.badTime)
    .optional(),
  days: z.coerce.number().int().min(1).max(92).optional(),
});
export type BlocksQuery = z.input<typeof BlocksQuerySchema>;
export type BlocksFilter = z.output<typeof BlocksQuerySchema>;

export const BlocksSchema = z.object({
  from: z.string(),
  days: z.number().int(),
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  blocks: z.array(BlockSchema),
});
export type Blocks = z.infer<typeof BlocksSchema>;

export const BlockRemovedSchema = z.object({ removed: z.literal(true) });
export type BlockRemoved = z.infer<typeof BlockRemovedSchema>;
