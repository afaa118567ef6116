import { z } from 'zod';
import { textInput } from '../http/contracts';

/** A town in the chooser's list and suggestions: `url` is where choosing it POSTs. */
export const TownOptionSchema = z.object({
  name: z.string(),
  translit: z.string(),
  url: z.string(),
  value: z.string().optional(),
});
export type TownOption = z.infer<typeof TownOptionSchema>;

export const TownListSchema = z.array(TownOptionSchema);

export const TownSearchQuerySchema = z.object({ q: textInput().max(100).default('') }).catch({ q: '' });

export const TownSlugParamsSchema = z.object({ slug: textInput().max(60) });

/** Choosing a town answers where to go next. */
export const TownChosenSchema = z.object({ url: z.string() });
export type TownChosen = z.infer<typeof TownChosenSchema>;

/** A town as the server knows it: pages are built in its zone, names in its grammatical cases. */
export const TownSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  /** 'в Москве'. */
  nameIn: z.string(),
  /** 'Москвы'. */
  nameGen: z.string(),
  /** IANA zone: 'Europe/Moscow'. */
  tz: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type Town = z.infer<typeof TownSchema>;
