import {
  onlineDoctorsUrl,
  placeClinicsUrl,
  placeDoctorsUrl,
  SERVICE_SECTIONS,
  servicesUrl,
  TOP_FILTERS,
  TOP_MIN_REVIEWS,
  topUrl,
  treatmentUrl,
} from '../../../core/directory/list-urls';
import type { Db } from '../../db/client';
import type { TownService } from '../towns/service';
import { createListRepo } from './lists-repo';

/**
 * Paths of the list pages for /sitemap-lists.xml: per town the doctors and clinics at each
 * metro station and district, the treatment lists, the top lists that have clinics and the
 * service directories; and the online list. A few queries of reference data per town.
 */
export async function listSitemapPaths(db: Db, towns: TownService): Promise<string[]> {
  const repo = createListRepo(db);
  const treatments = [...new Set((await repo.treatmentLinks()).map((t) => t.translit))];
  const perTown = await Promise.all(
    (await towns.list()).map(async (town) => {
      const [metro, districts, tops] = await Promise.all([
        repo.places('metro', town.id),
        repo.places('district', town.id),
        repo.topKindCounts(town.id, TOP_MIN_REVIEWS),
      ]);
      const kinds = new Set(tops.filter((t) => t.n > 0).map((t) => t.kind));
      return [
        ...metro.flatMap((p) => [
          placeDoctorsUrl(town.slug, 'metro', p.slug),
          placeClinicsUrl(town.slug, 'metro', p.slug),
        ]),
        ...districts.flatMap((p) => [
          placeDoctorsUrl(town.slug, 'rayon', p.slug),
          placeClinicsUrl(town.slug, 'rayon', p.slug),
        ]),
        ...treatments.map((t) => treatmentUrl(town.slug, t)),
        ...TOP_FILTERS.filter((f) => kinds.has(f.kind)).map((f) => topUrl(town.slug, f.slug)),
        ...SERVICE_SECTIONS.map((s) => servicesUrl(town.slug, s.segment)),
      ];
    }),
  );
  return [onlineDoctorsUrl(), ...perTown.flat()];
}
