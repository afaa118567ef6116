import { zonedDay } from '../../../core/dates/zoned';
import { fullName } from '../../../core/directory/doctor-labels';
import { doctorsUrl, sectionByKind, servicesUrl, treatmentUrl } from '../../../core/directory/list-urls';
import { clinicUrl, doctorUrl } from '../../../core/directory/urls';
import type { SearchAdvice, SearchGroup, SearchItem, SearchResults } from '../../../core/search/contracts';
import { matchLay } from '../../../core/search/lay-match';
import {
  MISSES_KEPT_DAYS,
  MISSES_LISTED,
  type MissPeriod,
  missKey,
  STAFF_SEARCH_TEXTS,
} from '../../../core/search/misses';
import {
  nameParts,
  normaliseSearchQuery,
  SEARCH_GROUP_TITLES,
  SEARCH_KINDS,
  type SearchKind,
  searchWords,
} from '../../../core/search/query';
import { addDays } from '../../../core/stats/effectiveness';
import { plural, WORDS } from '../../../core/text/plural';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { DirectoryService } from '../directory/service';
import type { Town } from '../towns/service';
import { createMissesRepo } from './misses-repo';
import { type CatalogueKind, type CatalogueMatch, createSearchRepo } from './repo';

type Limits = Record<SearchKind, number>;

/** A few of each kind in the header's suggestions… */
export const SUGGESTION_LIMITS: Limits = { speciality: 3, doctor: 5, clinic: 3, service: 3, treatment: 3 };
/** …and more on the full results page. */
export const RESULTS_PAGE_LIMITS: Limits = {
  speciality: 20,
  doctor: 20,
  clinic: 20,
  service: 20,
  treatment: 20,
};

/** Searches without results are counted by Moscow's calendar days, the staff's. */
const MISSES_TZ = 'Europe/Moscow';

/** Typo tolerance needs a word long enough to have trigrams worth comparing. */
const TYPO_MIN_LENGTH = 3;

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * `db` may be a replica (every search reads); `write` is the primary, where searches that found
 * nothing are counted (core/search/misses.ts).
 */
export function createSearchService({
  db,
  write = db,
  directory,
  clock,
}: {
  db: Db;
  write?: Db;
  directory: DirectoryService;
  clock: Clock;
}) {
  const repo = createSearchRepo(db);
  const misses = createMissesRepo(write);
  /** The last day old misses were deleted by this process: once a day is enough. */
  let prunedOn = '';

  /** Counts a results page that found nothing; a failure to count never fails the page. */
  async function recordMiss(query: string) {
    const key = missKey(query);
    if (!key) return;
    const today = zonedDay(clock.now(), MISSES_TZ).date;
    try {
      if (prunedOn !== today) {
        await misses.prune(addDays(today, -MISSES_KEPT_DAYS));
        prunedOn = today;
      }
      await misses.record(today, key);
    } catch (error) {
      console.error('search: a search without results was not counted', error);
    }
  }

  /** Every group with its items, best first; the doctors' ids too, for the results page's cards. */
  async function search(town: Town, rawQuery: string, limits: Limits) {
    const query = normaliseSearchQuery(rawQuery);
    const words = searchWords(query);
    if (words.length === 0)
      return { query, groups: [] as SearchGroup[], doctorIds: [] as number[], advice: undefined };
    // Plain words ('болит спина', 'зубной врач'): the dictionary's specialities, in memory.
    const lay = matchLay(query);
    const parts = nameParts(query);
    const [byWords, doctors, clinics, townSpecialities, specialities] = await Promise.all([
      repo.catalogueByWords(words),
      parts.length ? repo.doctorsByName(town.id, parts, limits.doctor) : Promise.resolve([]),
      repo.clinicsByWords(town.id, words, limits.clinic),
      directory.townSpecialities(town),
      directory.specialities(),
    ]);

    // Nothing by the words: the catalogue's nearest spellings ('кордиолог' → 'Кардиолог').
    const typo =
      byWords.length + doctors.length + clinics.length === 0 && words.join('').length >= TYPO_MIN_LENGTH;
    const matches = typo ? await repo.catalogueBySimilarity(query) : byWords;
    const doctorCounts = new Map(townSpecialities.map((s) => [s.id, s.count]));
    const specialityNames = new Map(specialities.map((s) => [s.id, s.name]));
    const bySlug = new Map(specialities.map((s) => [s.translit, s]));
    // The plain words' specialities that have doctors in the town, the dictionary's order.
    const layMatches = (lay?.slugs ?? []).flatMap((slug) => {
      const s = bySlug.get(slug);
      return s && doctorCounts.has(s.id) ? [s] : [];
    });
    const layIds = new Set(layMatches.map((s) => s.id));
    const specialityItem = (s: { id: number; name: string; translit: string }): SearchItem => ({
      name: s.name,
      subtitle: plural(doctorCounts.get(s.id) ?? 0, WORDS.doctor),
      url: doctorsUrl(town.slug, s.translit),
    });
    const best = (kind: CatalogueKind, weight: (m: CatalogueMatch) => number = () => 0) =>
      rankCatalogue(
        // Only specialities with doctors in the town: their list is not empty.
        matches.filter((m) => m.kind === kind && (kind !== 'speciality' || doctorCounts.has(m.id))),
        query,
        weight,
      ).slice(0, limits[kind]);
    const items: Record<SearchKind, SearchItem[]> = {
      // Plain words' specialities first, then the directory's own matches.
      speciality: [
        ...layMatches,
        ...best('speciality', (m) => doctorCounts.get(m.id) ?? 0).filter((m) => !layIds.has(m.id)),
      ]
        .slice(0, limits.speciality)
        .map(specialityItem),
      doctor: doctors.map((d) => ({
        name: fullName(d),
        subtitle: specialityList(d.specialityIds.map((id) => specialityNames.get(id) ?? '')),
        url: doctorUrl(town.slug, d),
      })),
      clinic: clinics.map((c) => ({
        name: c.name,
        subtitle: `${c.street}, ${c.house}`,
        url: clinicUrl(town.slug, c),
      })),
      service: best('service').map((m) => ({
        name: m.name,
        subtitle: m.className ?? undefined,
        url: servicesUrl(town.slug, sectionByKind(m.classKind ?? 'service').segment, m.translit),
      })),
      treatment: best('treatment').map((m) => ({ name: m.name, url: treatmentUrl(town.slug, m.translit) })),
    };
    const groups = SEARCH_KINDS.filter((kind) => items[kind].length > 0).map(
      (kind): SearchGroup => ({ kind, title: SEARCH_GROUP_TITLES[kind], items: items[kind] }),
    );
    // The line shows with the specialities it names; an urgent one (103/112) always.
    const advice: SearchAdvice | undefined =
      lay && (lay.urgent || layMatches.length > 0) ? { text: lay.why, urgent: lay.urgent } : undefined;
    return { query, groups, doctorIds: doctors.map((d) => d.id), advice };
  }

  return {
    /** The header's suggestions: a few items per group. */
    async suggest(town: Town, query: string): Promise<SearchResults> {
      const { query: q, groups, advice } = await search(town, query, SUGGESTION_LIMITS);
      return advice ? { query: q, groups, advice } : { query: q, groups };
    },

    /**
     * The full results page: more of each group, and doctor cards for the doctors. A page that
     * found nothing at all (not even plain words' advice) is counted for staff.
     */
    async results(town: Town, query: string) {
      const { doctorIds, advice, ...results } = await search(town, query, RESULTS_PAGE_LIMITS);
      if (results.groups.length === 0 && !advice) await recordMiss(results.query);
      return {
        ...results,
        ...(advice ? { advice } : {}),
        doctors: await directory.doctorCards(town, doctorIds),
      };
    },

    /** Staff: the queries searched most without results in the last `days` days (Moscow's calendar). */
    async misses(viewer: SessionViewer, days: MissPeriod) {
      if (viewer.userId === null) throw unauthorized(STAFF_SEARCH_TEXTS.staffOnly);
      if (!viewer.isStaff) throw forbidden(STAFF_SEARCH_TEXTS.staffOnly);
      const today = zonedDay(clock.now(), MISSES_TZ).date;
      return misses.top(addDays(today, -(days - 1)), MISSES_LISTED);
    },
  };
}

/**
 * Best first: a match by the item's own words before one through its service class, or the
 * closer spelling of a typo; then names equal to the query, then names starting with it; then
 * the heavier (a speciality: more doctors in the town), then shorter, more general names.
 */
function rankCatalogue(matches: CatalogueMatch[], query: string, weight: (m: CatalogueMatch) => number) {
  const q = query.replaceAll('ё', 'е');
  const closeness = (name: string) => {
    const n = name.toLowerCase().replaceAll('ё', 'е');
    return n === q ? 0 : n.startsWith(q) ? 1 : 2;
  };
  return [...matches].sort(
    (a, b) =>
      b.score - a.score ||
      closeness(a.name) - closeness(b.name) ||
      weight(b) - weight(a) ||
      a.name.length - b.name.length ||
      a.name.localeCompare(b.name, 'ru'),
  );
}

/** ['Кардиолог', 'Терапевт'] → 'Кардиолог, терапевт'. */
function specialityList(names: string[]): string | undefined {
  const [first, ...rest] = names.filter(Boolean);
  return first ? [first, ...rest.map((n) => n.toLowerCase())].join(', ') : undefined;
}
