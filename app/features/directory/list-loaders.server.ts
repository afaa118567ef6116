/**
 * What the list pages' loaders share: a page of doctors read from the URL, and the speciality,
 * place and town places a list's URL names (a segment naming none is a 404).
 */
import type { DoctorListView, ListDoctorCard, PlaceLink, PlaceRef } from '../../../core/directory/contracts';
import {
  type ListOptions,
  parseDoctorListParams,
  TOWN_LIST_OPTIONS,
} from '../../../core/directory/list-filters';
import { isPlaceKind, pathSegment } from '../../../core/directory/list-urls';
import type { Town } from '../../../core/towns/contracts';
import { keepFields, type MaybeKept } from '../../lib/kept';
import { notFound } from '../../lib/seo';
import type { PageContext } from '../../lib/services.server';

/**
 * One page of a doctor list with the sort, filters and page read from the URL; a page past
 * the end is a 404, like any missing page.
 */
export async function loadDoctorList(
  context: PageContext,
  url: URL,
  town: Town | null,
  scope: { specialityIds?: number[]; place?: PlaceRef; name?: string; onlineOnly?: boolean },
  options: ListOptions = TOWN_LIST_OPTIONS,
  /** Changes a card before it is kept (the online list puts the online price first). */
  shape: (doctor: ListDoctorCard) => ListDoctorCard = (doctor) => doctor,
): Promise<DoctorListView<MaybeKept<ListDoctorCard>>> {
  const params = parseDoctorListParams(url.searchParams, options);
  const list = await context.services.lists.doctors(town, scope, params, options.visitType);
  if (params.page > list.numPages) throw notFound();
  return {
    sort: params.sort,
    filters: params.filters,
    free: params.free,
    page: params.page,
    total: list.total,
    numPages: list.numPages,
    doctors: list.items.map((doctor) => keepDoctorCard(shape(doctor), context)),
    search: url.search,
  };
}

/**
 * A list card as a document sends it (app/lib/kept.ts): what the browser's controls and the
 * page's head use (the favourite heart and the calendar: the id and the first clinic; the visit
 * tabs: the prices; the ItemList: the url; the filters' checks: gender and home visits); the
 * rest stays in the HTML only.
 */
export function keepDoctorCard<T extends ListDoctorCard>(doctor: T, context: PageContext): MaybeKept<T> {
  const send = { send: context.dataRequest };
  return keepFields(
    {
      ...doctor,
      workplaces: doctor.workplaces.map((w) => keepFields(w, ['clinicId'], send)),
    },
    ['id', 'url', 'gender', 'homeVisit', 'prices', 'workplaces', 'nearestFree'],
    send,
  );
}

/** A speciality from its URL segment, or a 404 when the segment names none. */
export async function requireSpeciality(context: PageContext, slug: string | undefined) {
  if (!slug) return null;
  const speciality = await context.services.directory.specialityBySlug(slug);
  if (!speciality) throw notFound();
  return {
    id: speciality.id,
    name: speciality.name,
    namePlural: speciality.namePlural,
    translit: speciality.translit,
  };
}

/** The metro station or district of a place list's URL (/{town}/metro|rayon/{slug}/…), or a 404. */
export async function requirePlace(
  context: PageContext,
  url: URL,
  town: Town,
  slug: string,
): Promise<PlaceRef> {
  const kind = pathSegment(url.pathname, 1);
  if (!isPlaceKind(kind)) throw notFound();
  const place = await context.services.lists.place(town, kind, slug);
  if (!place) throw notFound();
  return place;
}

/** A town's metro stations and districts as links (names and slugs only); none when not `wanted`. */
export async function townPlaceLinks(
  context: PageContext,
  town: Town,
  wanted = true,
): Promise<{ metro: PlaceLink[]; districts: PlaceLink[] }> {
  if (!wanted) return { metro: [], districts: [] };
  const places = await context.services.lists.townPlaces(town);
  const link = (p: PlaceLink) => ({ name: p.name, slug: p.slug });
  return { metro: places.metro.map(link), districts: places.districts.map(link) };
}
