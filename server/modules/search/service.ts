import { fullName } from '../../../core/directory/doctor-labels';
import { doctorsUrl, sectionByKind, servicesUrl, treatmentUrl } from '../../../core/directory/list-urls';
import { clinicUrl, doctorUrl } from '../../../core/directory/urls';
import type { SearchGroup, SearchItem, SearchResults } from '../../../core/search/contracts';
import {
  nameParts,
  normaliseSearchQuery,
  SEARCH_GROUP_TITLES,
  SEARCH_KINDS,
  type SearchKind,
  searchWords,
} from '../../../core/search/query';
import { plural, WORDS } from '../../../core/text/plural';
import type { Db } from '../../db/client';
import type { DirectoryService } from '../directory/service';
import type { Town } from '../towns/service';
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

/** Typo tolerance needs a word long enough to have trigrams worth comparing. */
const TYPO_MIN_LENGTH = 3;

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService({ db, directory }: { db: Db; directory: DirectoryService }) {
  const repo = createSearchRepo(db);

  /** Every group with its items, best first; the doctors' ids too, for the results page's cards. */
  async function search(town: Town, rawQuery: string, limits: Limits) {
    const query = normaliseSearchQuery(rawQuery);
    const words = searchWords(query);
    if (words.length === 0) return { query, groups: [] as SearchGroup[], doctorIds: [] as number[] };
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
    const best = (kind: CatalogueKind, weight: (m: CatalogueMatch) => number = () => 0) =>
      rankCatalogue(
        // Only specialities with doctors in the town: their list is not empty.
        matches.filter((m) => m.kind === kind && (kind !== 'speciality' || doctorCounts.has(m.id))),
        query,
        weight,
      ).slice(0, limits[kind]);
    const items: Record<SearchKind, SearchItem[]> = {
      speciality: best('speciality', (m) => doctorCounts.get(m.id) ?? 0).map((m) => ({
        name: m.name,
        subtitle: plural(doctorCounts.get(m.id) ?? 0, WORDS.doctor),
        url: doctorsUrl(town.slug, m.translit),
      })),
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
    return { query, groups, doctorIds: doctors.map((d) => d.id) };
  }

  return {
    /** The header's suggestions: a few items per group. */
    async suggest(town: Town, query: string): Promise<SearchResults> {
      const results = await search(town, query, SUGGESTION_LIMITS);
      return { query: results.query, groups: results.groups };
    },

    /** The full results page: more of each group, and doctor cards for the doctors. */
    async results(town: Town, query: string) {
      const { doctorIds, ...results } = await search(town, query, RESULTS_PAGE_LIMITS);
      return { ...results, doctors: await directory.doctorCards(town, doctorIds) };
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
