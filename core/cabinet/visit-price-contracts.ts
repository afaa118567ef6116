import { z } from 'zod';
import { ClientIdSchema } from '../schedule/contracts';
import { VISIT_PRICE_LIMITS as L, VISIT_PRICE_TEXTS as T, VISIT_PRICE_TYPES } from './visit-prices';

/**
 * 'Стоимость приёма врачей' (docs/product/prices.md): the doctors' visit prices of a clinic, per
 * address and visit type. Replies in camelCase, bodies in snake_case; money is whole roubles.
 */

export const VisitPriceSchema = z.object({
  visitType: z.enum(VISIT_PRICE_TYPES),
  price: z.number().int(),
  /** The club members' price by the club rule; null when the clinic is not in the club or the visit has none. */
  clubPrice: z.number().int().nullable(),
});
export type VisitPrice = z.infer<typeof VisitPriceSchema>;

export const VisitPricePlaceSchema = z.object({
  workplaceId: z.number().int(),
  doctorId: z.number().int(),
  doctor: z.string(),
  clinicId: z.number().int(),
  clinicName: z.string(),
  address: z.string(),
  /** The visit types the doctor takes here, in the order clinic, home, online. */
  prices: z.array(VisitPriceSchema),
});
export type VisitPricePlace = z.infer<typeof VisitPricePlaceSchema>;

export const VisitPricesSchema = z.object({
  /** True for the clinic's account; a doctor reads the prices the clinic set for them. */
  editable: z.boolean(),
  places: z.array(VisitPricePlaceSchema),
});
export type VisitPrices = z.infer<typeof VisitPricesSchema>;

export const VisitPriceParamsSchema = z.object({ workplaceId: ClientIdSchema });

export const VisitPriceBodySchema = z.object({
  visit_type: z.enum(VISIT_PRICE_TYPES, T.visitType),
  price: z.number(T.price).int(T.price).min(L.min, T.price).max(L.max, T.price),
});
export type VisitPriceBody = z.input<typeof VisitPriceBodySchema>;
export type VisitPriceRequest = z.output<typeof VisitPriceBodySchema>;
