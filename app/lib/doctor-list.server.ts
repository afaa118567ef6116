import type { AppLoadContext } from 'react-router';
import {
  type ListOptions,
  parseDoctorListParams,
  TOWN_LIST_OPTIONS,
} from '../../core/directory/list-filters';
import type { PlaceRef } from '../../server/modules/directory/lists';
import type { Town } from '../../server/modules/towns/service';
import { notFound } from './seo';

/**
 * One page of a doctor list with the sort, filters and page read from the URL; a page past
 * the end is a 404, like any missing page.
 */
export async function loadDoctorList(
  context: AppLoadContext,
  request: Request,
  town: Town | null,
  scope: { specialityIds?: number[]; place?: PlaceRef; name?: string; onlineOnly?: boolean },
  options: ListOptions = TOWN_LIST_OPTIONS,
) {
  const url = new URL(request.url);
  const params = parseDoctorListParams(url.searchParams, options);
  const list = await context.services.lists.doctors(town, scope, params);
  if (params.page > list.numPages) throw notFound();
  return {
    sort: params.sort,
    filters: params.filters,
    page: params.page,
    total: list.total,
    numPages: list.numPages,
    doctors: list.items,
    search: url.search,
  };
}

/** A speciality from its URL segment, or a 404 when the segment names none. */
export async function requireSpeciality(context: AppLoadContext, slug: string | undefined) {
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
