/**
 * The advertising calls' shapes (docs/product/ads.md): the banner a page asks for, the view and
 * script reports (form fields, as the product's clients send them), the click's query and the
 * staff's counts.
 */
import { z } from 'zod';
import { MAX_ID } from '../http/contracts';
import { AD_PLACES } from './ads';

const id = (name: string) =>
  z.coerce
    .number<number>(`${name}: число`)
    .int(`${name}: целое число`)
    .positive(`${name}: положительное число`)
    .max(MAX_ID, `${name}: слишком большое число`);

const place = (name: string) => z.enum(AD_PLACES, `${name}: list_top, list_inline или page_side`);

/** An impression's key: 32 url-safe characters the server made. */
export const AD_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const key = (name: string) => z.string(`${name}: ключ показа`).regex(AD_KEY_PATTERN, `${name}: ключ показа`);

/** GET /ajax/ad/banner/: a banner for a place of a town's page; a doctor's or clinic's page names itself. */
export const AdBannerQuerySchema = z.object({
  town: z.string('town: город').regex(/^[a-z0-9-]{1,40}$/, 'town: город'),
  place: place('place'),
  clinic: id('clinic').optional(),
  doctor: id('doctor').optional(),
});
export type AdBannerQuery = z.input<typeof AdBannerQuerySchema>;

/** The ad element: key, redis id, campaign, type, demo; and what it shows. */
export const AdBannerSchema = z.object({
  key: z.string(),
  /** The same impression key: the product's clients report views under `redis_id`. */
  redis_id: z.string(),
  campaign: z.number().int(),
  type: z.enum(AD_PLACES),
  demo: z.boolean(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  advertiser: z.string(),
  advertiserInn: z.string().nullable(),
  erid: z.string(),
  /** The counted click: /ad/event/c/{campaign}/?banner_type={type}&key={key}. */
  href: z.string(),
});
export type AdBanner = z.infer<typeof AdBannerSchema>;

export const AdBannerReplySchema = z.object({ banner: AdBannerSchema.nullable() });
export type AdBannerReply = z.infer<typeof AdBannerReplySchema>;

/** POST /ajax/view_banner/ (form): p percents seen, c campaign, btype, redis_id. */
export const ViewBannerBodySchema = z.object({
  p: z.coerce.number('p: процент').min(0, 'p: от 0 до 100').max(100, 'p: от 0 до 100'),
  c: id('c'),
  btype: place('btype'),
  redis_id: key('redis_id'),
});
export type ViewBannerBody = z.input<typeof ViewBannerBodySchema>;

/** POST /ajax/view_status/ (form): the impression's key (and redis_id), and `js` or `visible`. */
export const ViewStatusBodySchema = z
  .object({
    key: key('key').optional(),
    redis_id: key('redis_id').optional(),
    js: z.enum(['1', 'true'], 'js: 1').optional(),
    visible: z.enum(['1', 'true'], 'visible: 1').optional(),
  })
  .refine((b) => b.key !== undefined || b.redis_id !== undefined, {
    message: 'key: ключ показа',
    path: ['key'],
  })
  .refine((b) => b.key === undefined || b.redis_id === undefined || b.key === b.redis_id, {
    message: 'redis_id: не тот показ',
    path: ['redis_id'],
  })
  .refine((b) => b.js !== undefined || b.visible !== undefined, {
    message: 'js или visible: что сообщается',
    path: ['js'],
  });
export type ViewStatusBody = z.input<typeof ViewStatusBodySchema>;

/** Whether the report changed anything: a key reported twice counts once. */
export const AdCountedSchema = z.object({ counted: z.boolean() });
export type AdCounted = z.infer<typeof AdCountedSchema>;

export const AdClickParamsSchema = z.object({ campaign: id('campaign') });
export const AdClickQuerySchema = z.object({
  banner_type: place('banner_type'),
  key: key('key').optional(),
});
export type AdClickQuery = z.input<typeof AdClickQuerySchema>;

/** GET /api/staff/ads/?days=N: every campaign's counts by day and place (staff only). */
export const AdStatsQuerySchema = z.object({
  days: z.coerce
    .number('days: число')
    .int('days: целое число')
    .min(1, 'days: от 1 до 90')
    .max(90, 'days: от 1 до 90')
    .default(30),
});
export type AdStatsQuery = z.input<typeof AdStatsQuerySchema>;

const AdDayCountsSchema = z.object({
  day: z.string(),
  type: z.enum(AD_PLACES),
  impressions: z.number().int(),
  views: z.number().int(),
  clicks: z.number().int(),
});

export const AdStatsSchema = z.object({
  days: z.number().int(),
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      advertiser: z.string(),
      erid: z.string(),
      demo: z.boolean(),
      active: z.boolean(),
      startsOn: z.string(),
      endsOn: z.string().nullable(),
      totals: z.object({ impressions: z.number().int(), views: z.number().int(), clicks: z.number().int() }),
      series: z.array(AdDayCountsSchema),
    }),
  ),
});
export type AdStats = z.infer<typeof AdStatsSchema>;
