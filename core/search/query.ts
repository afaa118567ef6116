import { pluralForm, WORDS } from '../text/plural';

/** Search suggestions: minimum 2 characters, debounce 300 ms, query trimmed and lowercased. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 300;

export const SEARCH_KINDS = ['speciality', 'doctor', 'clinic', 'service', 'treatment'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_GROUP_TITLES: Record<SearchKind, string> = {
  speciality: 'Специальности',
  doctor: 'Врачи',
  clinic: 'Клиники',
  service: 'Услуги',
  treatment: 'Лечение',
};

export function normaliseSearchQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The hint under a too short query: 'Введите 2 символа для поиска', the minimum the search
 * needs (not what is still missing), until the query is long enough; then null.
 */
export function searchHint(query: string): string | null {
  if (normaliseSearchQuery(query).length >= SEARCH_MIN_LENGTH) return null;
  return `Введите ${SEARCH_MIN_LENGTH} ${pluralForm(SEARCH_MIN_LENGTH, WORDS.symbol)} для поиска`;
}

/** The full results page of a query in a town. */
export function searchPageUrl(town: string, query: string): string {
  return `/${town}/search/?q=${encodeURIComponent(normaliseSearchQuery(query))}`;
}

/**
 * The words a query is matched by: runs of letters and digits, 'ё' folded to 'е' (the
 * database folds names the same way). Punctuation, quotes and operators fall away, so a word
 * is safe inside a tsquery or a LIKE prefix. At most 5 words of 40 characters.
 */
export function searchWords(query: string): string[] {
  const words =
    normaliseSearchQuery(query)
      .replaceAll('ё', 'е')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 5).map((w) => w.slice(0, 40));
}

/**
 * A person's name typed as 'фамилия [имя [отчество]]': whitespace-separated parts keeping
 * inner hyphens ('петров-водкин'), each a prefix of the matching name part.
 */
export function nameParts(query: string): string[] {
  return normaliseSearchQuery(query)
    .replaceAll('ё', 'е')
    .split(' ')
    .map((part) => part.replace(/[^\p{L}\p{N}-]/gu, '').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => part.slice(0, 40));
}
