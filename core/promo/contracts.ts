/**
 * The promos' shapes (docs/product/promotions.md): an award year as the staff edit it, the
 * banner a page shows, and the app promo's store links. The calendar rules are award-phase.ts's.
 */
import { z } from 'zod';
import { textInput } from '../http/contracts';
import { AWARD_PHASES, type AwardCalendar, awardCalendarProblem } from './award-phase';

const line = (name: string, max: number) =>
  textInput(`Укажите ${name}`)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, `Укажите ${name}`).max(max, `Не длиннее ${max} символов: ${name}`));

/** A link that leaves the site: https only, so staff cannot put a script URL behind the button. */
const httpsUrl = (message: string) =>
  textInput(message)
    .trim()
    .max(500, message)
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', message);

/** The picture: one of our own files ('/promo/award.svg') or an https address. */
const imageUrl = textInput('Укажите адрес картинки')
  .trim()
  .max(500, 'Адрес картинки слишком длинный')
  .refine(
    (v) => /^\/[\w\-./]+$/.test(v) || (URL.canParse(v) && new URL(v).protocol === 'https:'),
    'Картинка: путь на сайте (/promo/…) или адрес https://',
  );

export const AwardEventSchema = z.object({
  title: line('название события', 120),
  /** As people read it: '16 ноября, 19:00 МСК'. */
  date: line('дату события', 60),
  paragraphs: z.array(line('текст абзаца', 600)).max(6, 'Не больше 6 абзацев'),
  /** The event is over: the modal shows a done mark beside it. */
  done: z.boolean('Отметка «прошло» — да или нет'),
});
export type AwardEvent = z.infer<typeof AwardEventSchema>;

export const AwardContentSchema = z.object({
  title: line('заголовок', 120),
  image: imageUrl,
  events: z.array(AwardEventSchema).min(1, 'Нужно хотя бы одно событие').max(8, 'Не больше 8 событий'),
  button_text: line('текст кнопки', 40),
  /** The award's own site, opened in a new tab. */
  button_href: httpsUrl('Ссылка кнопки: адрес https://'),
  dark: z.boolean('Тёмная тема — да или нет'),
});
export type AwardContent = z.infer<typeof AwardContentSchema>;

const instant = z.iso.datetime({ offset: true, message: 'Время: ISO 8601 с часовым поясом' });
const startsShape = Object.fromEntries([...AWARD_PHASES, 'ends'].map((k) => [k, instant])) as Record<
  keyof AwardCalendar,
  typeof instant
>;

/** When each phase starts and when the banner ends, as ISO instants (staff enter Moscow times). */
export const AwardStartsSchema = z.object(startsShape).superRefine((starts, ctx) => {
  const problem = awardCalendarProblem(calendarOf(starts));
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export type AwardStarts = z.infer<typeof AwardStartsSchema>;

export const AwardPhaseContentSchema = z.object({
  announce: AwardContentSchema,
  results: AwardContentSchema,
  grand_prix_registration: AwardContentSchema,
  grand_prix_broadcast: AwardContentSchema,
  grand_prix_results: AwardContentSchema,
});

/** A year of the award as staff save it. */
export const AwardYearBodySchema = z.object({
  starts: AwardStartsSchema,
  content: AwardPhaseContentSchema,
});
export type AwardYearBody = z.input<typeof AwardYearBodySchema>;
export type AwardYearInput = z.output<typeof AwardYearBodySchema>;

export const AwardYearParamsSchema = z.object({
  year: z.coerce
    .string<number>()
    .regex(/^\d{4}$/, 'Год премии')
    .transform(Number)
    .pipe(z.number().min(2000, 'Год премии').max(2100, 'Год премии')),
});

/** The reply's content: plain fields (a reply schema carries no transforms to run backwards). */
const AwardContentReplySchema = z.object({
  title: z.string(),
  image: z.string(),
  events: z.array(
    z.object({ title: z.string(), date: z.string(), paragraphs: z.array(z.string()), done: z.boolean() }),
  ),
  button_text: z.string(),
  button_href: z.string(),
  dark: z.boolean(),
});

export const AwardYearSchema = z.object({
  year: z.number(),
  starts: z.object(Object.fromEntries([...AWARD_PHASES, 'ends'].map((k) => [k, z.string()]))) as z.ZodObject<
    Record<keyof AwardCalendar, z.ZodString>
  >,
  content: z.object(
    Object.fromEntries(AWARD_PHASES.map((k) => [k, AwardContentReplySchema])) as Record<
      (typeof AWARD_PHASES)[number],
      typeof AwardContentReplySchema
    >,
  ),
  updated_at: z.string(),
});
export type AwardYear = z.infer<typeof AwardYearSchema>;

/** The calendar of ISO starts, as the phase rule takes it. */
export function calendarOf(starts: Record<keyof AwardCalendar, string>): AwardCalendar {
  return Object.fromEntries(Object.entries(starts).map(([k, v]) => [k, new Date(v)])) as AwardCalendar;
}

/** What a page's banner shows: the phase in force and its content. */
export interface AwardBannerData {
  year: number;
  phase: (typeof AWARD_PHASES)[number];
  content: AwardContent;
}

/** The app promo's store links (APP_STORE_URL, GOOGLE_PLAY_URL). */
export interface AppPromoData {
  appStore: string;
  googlePlay: string;
}

/** What a page with promos adds to its loader data; null where the visitor put one away. */
export interface PagePromos {
  award: AwardBannerData | null;
  app: AppPromoData | null;
}
