import { z } from 'zod';
import { MAX_ID, textInput } from '../http/contracts';
import { clubPriceRefusal, PRICE_LIMITS as L, PRICE_TEXTS as T } from './prices';

/**
 * The clinic's price list in its cabinet ('Цены и услуги', docs/product/cabinet.md). Replies
 * in camelCase, bodies in the snake_case of the site's forms; money is whole roubles.
 */

export const CabinetPriceLineSchema = z.object({
  id: z.number().int(),
  /** The canonical service the line prices, and its class (the group it is listed under). */
  synonymId: z.number().int(),
  synonymName: z.string(),
  classId: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  priceFull: z.number().int(),
  /** Kept whether or not the club is on; patients see it only while it is. */
  priceClub: z.number().int().nullable(),
  requiresPrimaryConsultation: z.boolean(),
  appointmentOn: z.boolean(),
  hasIntervals: z.boolean(),
  isAvailableAppointmentDirect: z.boolean(),
  /**
   * The line is a doctor's visit (ADR 039): its prices are the workplace's, set in 'Стоимость
   * приёма врачей', and a change of them here is refused.
   */
  visitPrice: z.boolean(),
  /** The doctor the line is his, or null for the clinic's own line. */
  doctor: z.string().nullable(),
  /** The fingerprint of the fields above (`priceLineVersion`): an edit sends it back. */
  version: z.string(),
});
export type CabinetPriceLine = z.infer<typeof CabinetPriceLineSchema>;

export const ClubParticipationSchema = z.object({
  enabled: z.boolean(),
  discountPercent: z.number().int(),
});
export type ClubParticipation = z.infer<typeof ClubParticipationSchema>;

export const CabinetPricesSchema = z.object({
  clinicId: z.number().int(),
  club: ClubParticipationSchema,
  /** The public page's price status: its code (1: updated by the clinic) and day. */
  updateStatus: z.object({ code: z.number().int(), date: z.string().nullable() }),
  /** The lines by service class, in the public list's order. */
  groups: z.array(
    z.object({ classId: z.number().int(), name: z.string(), lines: z.array(CabinetPriceLineSchema) }),
  ),
});
export type CabinetPrices = z.infer<typeof CabinetPricesSchema>;

const money = (message: string) => z.number(message).int(message).min(0, message).max(L.priceMax, message);
const flag = z.boolean(T.flag).default(false);

const lineFields = {
  name: textInput(T.nameRequired)
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(L.nameMin, T.nameLength).max(L.nameMax, T.nameLength)),
  duration_minutes: z
    .number(T.duration)
    .int(T.duration)
    .min(L.durationMin, T.duration)
    .max(L.durationMax, T.duration),
  price_full: money(T.price),
  price_club: money(T.clubPrice).nullable().default(null),
  requires_primary_consultation: flag,
  appointment_on: flag,
  has_intervals: flag,
  is_available_appointment_direct: flag,
};

const clubNotAboveFull = (b: { price_full: number; price_club: number | null }, ctx: z.RefinementCtx) => {
  const refusal = clubPriceRefusal(b.price_full, b.price_club);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['price_club'] });
};

/** A line changed: all its fields, and the fingerprint of the line as the editor was shown it. */
export const PriceLineBodySchema = z
  .object({ ...lineFields, version: textInput(T.version).pipe(z.string().max(16, T.version)) })
  .superRefine(clubNotAboveFull);
export type PriceLineBody = z.input<typeof PriceLineBodySchema>;
export type PriceLineRequest = z.output<typeof PriceLineBodySchema>;

/** A new line of a canonical service (its class comes from it). */
export const NewPriceLineBodySchema = z
  .object({
    ...lineFields,
    synonym_id: z.number(T.synonym).int(T.synonym).positive(T.synonym).max(MAX_ID, T.synonym),
  })
  .superRefine(clubNotAboveFull);
export type NewPriceLineBody = z.input<typeof NewPriceLineBodySchema>;
export type NewPriceLineRequest = z.output<typeof NewPriceLineBodySchema>;

export const ClubBodySchema = z.object({
  enabled: z.boolean(T.flag),
  discount_percent: z.number(T.discount).int(T.discount).min(0, T.discount).max(L.discountMax, T.discount),
});
export type ClubBody = z.input<typeof ClubBodySchema>;

export const SynonymQuerySchema = z.object({
  q: textInput(T.synonym).pipe(z.string().max(100, T.synonym)),
});
export type SynonymQuery = z.input<typeof SynonymQuerySchema>;

export const SynonymOptionsSchema = z.object({
  synonyms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      className: z.string(),
      requiresPrimaryConsultation: z.boolean(),
    }),
  ),
});
export type SynonymOptions = z.infer<typeof SynonymOptionsSchema>;
