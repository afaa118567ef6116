import { z } from 'zod';
import { SOFTWARE_VERSIONS } from '../directory/software-version';
import { MAX_ID } from '../http/contracts';
import { EFFECTIVENESS_PERIODS, PAGE_EVENTS } from './effectiveness';

/**
 * The page statistics calls (docs/product/cabinet.md, 'Page effectiveness'): the beacon a doctor's
 * or clinic's page sends, and the cabinet's report.
 */

/**
 * POST /ajax/page_stats/ (a beacon, form fields): a visitor opened the page, pressed its phone, or
 * left it after `ms` milliseconds (from the tab history; longer than MAX_VISIT_MS counts as that).
 */
export const PageEventBodySchema = z
  .object({
    kind: z.enum(['doctor', 'clinic'], 'kind: doctor или clinic'),
    id: z.coerce.number('id: число').int('id: целое число').positive('id: положительное число').max(MAX_ID),
    event: z.enum(PAGE_EVENTS, 'event: view, phone или time'),
    ms: z.coerce
      .number('ms: число')
      .int('ms: целое число')
      .min(0, 'ms: не меньше 0')
      .max(Number.MAX_SAFE_INTEGER, 'ms: слишком большое число')
      .optional(),
  })
  .refine((b) => (b.event === 'time') === (b.ms !== undefined), {
    message: 'ms: нужно для event=time и только для него',
    path: ['ms'],
  });
export type PageEventBody = z.input<typeof PageEventBodySchema>;

export const EffectivenessQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n) => (EFFECTIVENESS_PERIODS as readonly number[]).includes(n), 'days: 7, 30 или 90')
    .default(30),
});
export type EffectivenessQuery = z.input<typeof EffectivenessQuerySchema>;

const DayCountsSchema = z.object({
  day: z.string(),
  views: z.number().int(),
  bookingClicks: z.number().int(),
  bookings: z.number().int(),
  phoneClicks: z.number().int(),
  timed: z.number().int(),
  timeMs: z.number().int(),
});

export const EffectivenessSchema = z.object({
  page: z.object({
    kind: z.enum(['doctor', 'clinic']),
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
  }),
  version: z.enum(SOFTWARE_VERSIONS).nullable(),
  /** False below Стандарт: no counts, and what the next level would give. */
  available: z.boolean(),
  upgrade: z.object({ version: z.enum(SOFTWARE_VERSIONS), gains: z.array(z.string()) }).nullable(),
  days: z.number().int(),
  series: z.array(DayCountsSchema),
});
export type Effectiveness = z.infer<typeof EffectivenessSchema>;
