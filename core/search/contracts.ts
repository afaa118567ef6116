import { z } from 'zod';
import { textInput } from '../http/contracts';
import { normaliseSearchQuery, SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './query';

const TOO_SHORT = `Введите минимум ${SEARCH_MIN_LENGTH} символа`;

export const SuggestQuerySchema = z.object({
  q: textInput(TOO_SHORT)
    .max(SEARCH_MAX_LENGTH, `Слишком длинный запрос: не больше ${SEARCH_MAX_LENGTH} символов`)
    .transform(normaliseSearchQuery)
    .pipe(z.string().min(SEARCH_MIN_LENGTH, TOO_SHORT)),
  town: textInput('Не указан город').min(1, 'Не указан город').max(60, 'Город не найден'),
});
export type SuggestQuery = z.input<typeof SuggestQuerySchema>;

export const SearchItemSchema = z.object({
  name: z.string(),
  subtitle: z.string().optional(),
  url: z.string(),
});

export type SearchItem = z.infer<typeof SearchItemSchema>;

export const SearchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  items: z.array(SearchItemSchema),
});

export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/**
 * Plain words' line above the suggestions: whom people see with it ('При боли в спине обычно
 * обращаются к неврологу…'), never a diagnosis; `urgent` when it says to call 103 or 112 first.
 */
export const SearchAdviceSchema = z.object({ text: z.string(), urgent: z.boolean() });
export type SearchAdvice = z.infer<typeof SearchAdviceSchema>;

/** The suggestions call's reply and the results page's data. */
export const SearchResultsSchema = z.object({
  query: z.string(),
  groups: z.array(SearchGroupSchema),
  advice: SearchAdviceSchema.optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
