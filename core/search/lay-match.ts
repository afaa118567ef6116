import { stemmer } from '@orama/stemmers/russian';
import { distance } from 'fastest-levenshtein';
import { CHILDREN_COUNTERPART, LAY_ENTRIES, type LayEntry } from './lay-words';
import { normaliseSearchQuery } from './query';

/**
 * Plain-words search: a query's words against the lay dictionary (lay-words.ts), matched the way
 * the directory's search matches its own words — lowercased, 'ё' folded to 'е', each word reduced
 * to its stem by the Snowball Russian stemmer (the one PostgreSQL's 'russian' configuration uses:
 * 'болят зубы' = 'болит зуб'), in any order, with a typo or two forgiven in longer words
 * ('тимпература', 'глозник'). The index of stems is built once per process.
 */

/** One speciality the search suggests for plain words, best first. */
export interface LayMatch {
  slug: string;
  /** The line shown above the suggestions (the best entry's); urgent entries' first. */
  why: string;
  urgent: boolean;
}

export interface LayResult {
  /** Speciality slugs, best first, no repeats. */
  slugs: string[];
  why: string;
  urgent: boolean;
}

/** Words that carry no meaning for the match: prepositions, pronouns, 'what to do', 'where'. */
const STOP_WORDS = new Set(
  (
    'у в во на с со к ко по при и или а но не ни о об от до за из под над для про без ' +
    'очень сильно сильная сильный сильные немного чуть постоянно часто иногда давно уже ' +
    'мне меня мой моя мое мои я он она оно мы вы они его ее их нас нам вам ' +
    'что как какой какая какое какие какого какому куда где кто когда почему ' +
    'нужен нужна нужно надо можно могу может получается хочу обратиться пойти сходить записаться запись ' +
    'делать это этого то там тут есть был была было были быть ли же бы вот ' +
    'лучший хороший хорошего платный платно прием приема консультация городе'
  ).split(' '),
);

/**
 * Stems that alone say nothing of whom to see: a phrase matches without them ('спина' finds
 * 'болит спина'), though a query that has them ranks the phrase higher.
 */
const WEAK_STEMS = new Set(['бол', 'врач', 'доктор', 'специалист', 'лечен', 'леч', 'проблем']);

/**
 * Words whose stems differ by form (a fleeting vowel, another root): folded to one before
 * stemming. The child words are one: they also turn grown-ups' entries to children's doctors.
 */
const CHILD = 'дет';
const WORD_ALIASES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    (
      'ребенок ребенка ребенку ребенком ребенке ребеноку ребенк реб ребенку дети детей детям детьми детях ' +
      'детский детская детское детского детскому детские детских малыш малыша малышу малышей малыши ' +
      'сын сына сыну сыном дочь дочка дочки дочке дочери дочерью дочку ' +
      'подросток подростка подростку подростки школьник школьника школьнику ' +
      'младенец младенца младенцу грудничок грудничка грудничку новорожденный новорожденного новорожденному девочка девочки девочке мальчик мальчика мальчику'
    )
      .split(' ')
      .map((w) => [w, CHILD]),
  ),
  колено: 'колени',
  коленом: 'колени',
  коленка: 'колени',
  коленки: 'колени',
  ухо: 'уши',
  уха: 'уши',
  ушах: 'уши',
  ушей: 'уши',
  ухе: 'уши',
  кашель: 'кашля',
  желудок: 'желудка',
  лоб: 'лба',
  рот: 'рта',
  сердечко: 'сердце',
  зубик: 'зуб',
  зубки: 'зуб',
  глазик: 'глаз',
  глазки: 'глаз',
  животик: 'живот',
  горлышко: 'горло',
  носик: 'нос',
  ушко: 'уши',
  ушки: 'уши',
  спинка: 'спина',
  головка: 'голова',
  пописать: 'писать',
  писаю: 'писать',
  температурит: 'температура',
  температурка: 'температура',
  температуру: 'температура',
  температурой: 'температура',
  кашляет: 'кашля',
  кашляю: 'кашля',
  тошнит: 'тошнота',
  подташнивает: 'тошнота',
  чешется: 'зуд',
  чешутся: 'зуд',
  зудит: 'зуд',
  болеть: 'болит',
  боль: 'болит',
  больно: 'болит',
  боли: 'болит',
  болью: 'болит',
  болях: 'болит',
  болят: 'болит',
  болела: 'болит',
  болело: 'болит',
  заболел: 'заболел',
  ноет: 'болит',
  ноют: 'болит',
  запой: 'запоя',
  запое: 'запоя',
  камня: 'камень',
  камни: 'камень',
  камнем: 'камень',
  камней: 'камень',
  десен: 'десны',
  деснах: 'десны',
  десна: 'десны',
  тревожность: 'тревога',
  тревожно: 'тревога',
  тревожный: 'тревога',
  простыл: 'простуда',
  простыла: 'простуда',
  простыли: 'простуда',
  простудился: 'простуда',
  простудилась: 'простуда',
  заснуть: 'уснуть',
  засыпаю: 'уснуть',
  засыпать: 'уснуть',
  разговаривает: 'говорит',
  разговаривать: 'говорит',
  лор: 'лор',
  лору: 'лор',
  лором: 'лор',
  лоры: 'лор',
};

/** Stem of one folded word, aliases applied. */
export function layStem(word: string): string {
  const w = WORD_ALIASES[word] ?? word;
  if (w === CHILD) return CHILD;
  return stemmer(w);
}

/** A query's words: the directory search's normalisation, at most 8 words. */
function layWords(query: string): string[] {
  return (
    normaliseSearchQuery(query)
      .replaceAll('ё', 'е')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** The stems a phrase or query is matched by: stop words dropped, each stem once. */
export function layStems(text: string): string[] {
  return [
    ...new Set(
      layWords(text)
        .filter((w) => !STOP_WORDS.has(w))
        .map(layStem),
    ),
  ];
}

const VOWELS = new Set('аеиоуыэюя');

/** Typos keep the first letter ('кашль' → 'кашл', never 'машл'), but a vowel for a vowel ('акулист'). */
function sameStart(a: string, b: string): boolean {
  return a[0] === b[0] || (VOWELS.has(a[0]) && VOWELS.has(b[0]));
}

/** A word still being typed is finished from this many letters ('глазн' → 'глазник'; 'серд' is not). */
const PREFIX_MIN_LENGTH = 5;

/** Typos forgiven in a word's stem: none up to 4 letters, one up to 7, two from 8. */
function typosAllowed(stem: string): number {
  return stem.length <= 4 ? 0 : stem.length <= 7 ? 1 : 2;
}

interface IndexedPhrase {
  entry: number;
  strong: string[];
  weak: string[];
}

export interface LayIndex {
  entries: readonly LayEntry[];
  phrases: IndexedPhrase[];
  /** Stem → the phrases it is a strong or weak word of. */
  byStem: Map<string, number[]>;
  /** Every stem of the dictionary by its length, for typos. */
  stemsByLength: Map<number, string[]>;
  /** Every word of the dictionary as written, for a word still being typed ('глазн'). */
  words: string[];
}

/** The dictionary's index: every phrase's stems, built once (a module constant below). */
export function buildLayIndex(entries: readonly LayEntry[]): LayIndex {
  const phrases: IndexedPhrase[] = [];
  const byStem = new Map<string, number[]>();
  const words = new Set<string>();
  entries.forEach((entry, e) => {
    for (const phrase of entry.phrases) {
      const stems = layStems(phrase);
      const weak = entry.strict ? [] : stems.filter((s) => WEAK_STEMS.has(s));
      const strong = stems.filter((s) => !weak.includes(s));
      if (strong.length === 0) throw new Error(`Lay phrase '${phrase}' has no word of its own`);
      const id = phrases.push({ entry: e, strong, weak }) - 1;
      for (const s of stems) byStem.set(s, [...(byStem.get(s) ?? []), id]);
      for (const w of layWords(phrase)) if (!STOP_WORDS.has(w) && w.length >= 4) words.add(w);
    }
  });
  const stemsByLength = new Map<number, string[]>();
  for (const s of byStem.keys()) stemsByLength.set(s.length, [...(stemsByLength.get(s.length) ?? []), s]);
  return { entries, phrases, byStem, stemsByLength, words: [...words] };
}

/**
 * The dictionary's stems a query's stem stands for: itself when the dictionary has it, else the
 * nearest within the typos its length allows, else (the last word, still being typed) the stems of
 * the dictionary's words it begins. Each with the typos it cost.
 */
function resolve(
  index: LayIndex,
  stem: string,
  word: string,
  last: boolean,
): { stem: string; cost: number }[] {
  if (index.byStem.has(stem)) return [{ stem, cost: 0 }];
  const allowed = typosAllowed(stem);
  let best: { stem: string; cost: number }[] = [];
  for (let len = stem.length - allowed; len <= stem.length + allowed; len++) {
    for (const candidate of index.stemsByLength.get(len) ?? []) {
      if (!sameStart(candidate, stem)) continue;
      const d = distance(stem, candidate);
      if (d > allowed) continue;
      if (best.length === 0 || d < best[0].cost) best = [{ stem: candidate, cost: d }];
      else if (d === best[0].cost) best.push({ stem: candidate, cost: d });
    }
  }
  if (best.length > 0) return best;
  // The stemmer may cut a misspelt word short ('кашил' → 'каш'): the word as typed, then.
  const wordAllowed = typosAllowed(word);
  if (wordAllowed > 0) {
    const near = index.words.filter(
      (w) =>
        sameStart(w, word) &&
        Math.abs(w.length - word.length) <= wordAllowed &&
        distance(w, word) <= wordAllowed,
    );
    if (near.length > 0) return [...new Set(near.map(layStem))].map((s) => ({ stem: s, cost: 1 }));
  }
  if (!last || word.length < PREFIX_MIN_LENGTH) return [];
  return [...new Set(index.words.filter((w) => w.startsWith(word)).map(layStem))].map((s) => ({
    stem: s,
    cost: 1,
  }));
}

/**
 * The specialities plain words lead to, best first, with the line to show; null when the query
 * has none of the dictionary's words. A phrase matches when the query has every one of its own
 * words (its 'болит' and 'врач' may be left out); the entry whose phrase covers the most of the
 * query wins. A child in the query turns grown-ups' specialities to children's doctors.
 */
export function matchLay(query: string, index: LayIndex = LAY_INDEX): LayResult | null {
  const words = layWords(query).filter((w) => !STOP_WORDS.has(w));
  if (words.length === 0) return null;
  // Query stem → dictionary stems with their cost.
  const found = new Map<string, number>();
  words.forEach((word, i) => {
    for (const { stem, cost } of resolve(index, layStem(word), word, i === words.length - 1)) {
      found.set(stem, Math.min(cost, found.get(stem) ?? Number.POSITIVE_INFINITY));
    }
  });
  const child = found.has(CHILD);
  const queryStems = new Set(words.map(layStem)).size;
  const scores = new Map<number, number>();
  const seen = new Set<number>();
  for (const stem of found.keys()) {
    for (const id of index.byStem.get(stem) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      const phrase = index.phrases[id];
      if (!phrase.strong.every((s) => found.has(s))) continue;
      const used = [...phrase.strong, ...phrase.weak.filter((s) => found.has(s))];
      const cost = used.reduce((sum, s) => sum + (found.get(s) ?? 0), 0);
      // Words of the query it explains, less its words the query lacks and the typos it needed.
      const score =
        used.length * 2 - (phrase.weak.length - (used.length - phrase.strong.length)) * 0.5 - cost;
      const entry = index.entries[phrase.entry];
      const bonus = child && entry.children ? 1 : 0;
      const total = score + bonus - Math.max(0, queryStems - used.length) * 0.1;
      if (total > (scores.get(phrase.entry) ?? Number.NEGATIVE_INFINITY)) scores.set(phrase.entry, total);
    }
  }
  if (scores.size === 0) return null;
  // The best entries only: a phrase matched by a word or two less is another reading, not a peer.
  const sorted = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const ranked = sorted
    .filter(([, score]) => score >= sorted[0][1] - 1)
    .slice(0, MAX_ENTRIES)
    .map(([e]) => index.entries[e]);
  const slugs: string[] = [];
  for (const entry of ranked) {
    const turned = child && !entry.children;
    for (const slug of entry.to) slugs.push(turned ? (CHILDREN_COUNTERPART[slug] ?? slug) : slug);
    if (turned) slugs.push('pediatr');
  }
  const lead = ranked.find((e) => e.urgent) ?? ranked[0];
  const why = child && !lead.children && !lead.urgent ? `${lead.why} ${CHILD_LINE}` : lead.why;
  return { slugs: [...new Set(slugs)], why, urgent: Boolean(lead.urgent) };
}

/** At most this many entries' specialities are suggested. */
const MAX_ENTRIES = 3;

/** Added to a grown-ups' line when the query is about a child. */
export const CHILD_LINE = 'Детей обычно ведут детские врачи и педиатр.';

/** The dictionary's index, built once when the module loads. */
export const LAY_INDEX: LayIndex = buildLayIndex(LAY_ENTRIES);
